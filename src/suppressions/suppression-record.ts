import { z } from 'zod';
import type { SuppressionsTable } from '../db/schema.ts';

/** The v2 shape of a suppression, and the names its fields take. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** At most this many addresses per add_suppressions call. */
export const SUPPRESSIONS_PER_REQUEST_MAX = 100;

/** The stable code of a send refused because every recipient is suppressed. */
export const RECIPIENT_SUPPRESSED = 'RECIPIENT_SUPPRESSED';
/** The stable code of a complaint's removal asked for without force. */
export const COMPLAINT_SUPPRESSION = 'COMPLAINT_SUPPRESSION';

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const suppressionRecordSchema = z.object({
  object: z.literal('suppression'),
  id: z.string().describe('The suppression id (sup_…).'),
  email: z.string().describe('The suppressed address, as first given; matched without regard to case.'),
  reason: z
    .enum(SUPPRESSION_REASONS)
    .describe('bounce: a delivery to it failed for good; complaint: its recipient reported a message as spam; manual: added through the API.'),
  source_id: z.string().nullable().describe('The email (eml_…) whose bounce or complaint caused it; null when added through the API.'),
  created_at: timestamp,
  expires_at: timestamp.nullable().describe('When it stops suppressing the address; null: never.'),
});
export type SuppressionRecord = z.infer<typeof suppressionRecordSchema>;

export const suppressionDeletedSchema = z.object({
  object: z.literal('suppression'),
  id: z.string(),
  email: z.string(),
  deleted: z.literal(true),
});
export type SuppressionDeleted = z.infer<typeof suppressionDeletedSchema>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function toSuppressionRecord(row: SuppressionsTable): SuppressionRecord {
  return {
    object: 'suppression',
    id: row.id,
    email: row.email,
    reason: row.reason,
    source_id: row.source_id,
    created_at: iso(row.created_at),
    expires_at: row.expires_at === null ? null : iso(row.expires_at),
  };
}
