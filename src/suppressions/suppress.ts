// Writing to the suppression list and reading it on the send path, inside the
// caller's transaction: what the send pipeline, a campaign's fan-out and the
// outcome rules of bounces and complaints call.
import type { Kysely, Transaction } from 'kysely';
import type { Database, SuppressionsTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { publishToSubscribers } from '../webhooks/index.ts';
import { deleteExpiredByKeys, emailKeyOf, findActiveByKeys, insertNewSuppressions, upgradeToComplaint } from './suppression.repository.ts';
import { toSuppressionRecord, type SuppressionReason } from './suppression-record.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An address to suppress, and why. */
export interface NewSuppression {
  organizationId: string;
  email: string;
  reason: SuppressionReason;
  /** The email whose bounce or complaint caused it; null when added by hand. */
  sourceId: string | null;
  at: number;
  /** Null: never. */
  expiresAt: number | null;
}

/**
 * Put addresses on their organizations' suppression lists; an address already
 * there keeps its row (an expired row makes way for a new one). Publishes
 * `suppression.added` for each new row, in the same transaction. Returns the new rows.
 */
export async function insertSuppressions(trx: Db, entries: readonly NewSuppression[]): Promise<SuppressionsTable[]> {
  if (entries.length === 0) return [];
  const byOrganization = new Map<string, Map<string, NewSuppression>>();
  for (const entry of entries) {
    const own = byOrganization.get(entry.organizationId) ?? new Map<string, NewSuppression>();
    const key = emailKeyOf(entry.email);
    // An address named twice counts once: its first mention, unless a later one is a complaint.
    const seen = own.get(key);
    if (!seen || (entry.reason === 'complaint' && seen.reason !== 'complaint')) own.set(key, entry);
    byOrganization.set(entry.organizationId, own);
  }
  const rows: SuppressionsTable[] = [];
  for (const [organizationId, own] of byOrganization) {
    const now = Math.max(...[...own.values()].map((e) => e.at));
    await deleteExpiredByKeys(trx, organizationId, [...own.keys()], now);
    for (const [key, entry] of own) {
      rows.push({
        id: newId('sup', entry.at),
        organization_id: organizationId,
        email: entry.email,
        email_key: key,
        reason: entry.reason,
        source_id: entry.sourceId,
        created_at: entry.at,
        expires_at: entry.expiresAt,
      });
    }
  }
  const inserted = await insertNewSuppressions(trx, rows);
  if (inserted.length > 0) {
    const at = Math.max(...inserted.map((r) => Number(r.created_at)));
    await publishToSubscribers(
      trx,
      inserted.map((row) => ({
        organizationId: row.organization_id,
        type: 'suppression.added' as const,
        at: Number(row.created_at),
        data: toSuppressionRecord(row),
      })),
      at,
    );
  }
  return inserted;
}

/** What a bounce or a complaint puts on the list. */
export interface ReportedSuppression {
  organizationId: string;
  email: string;
  reason: 'bounce' | 'complaint';
  /** The email (eml_…) that bounced or was complained about. */
  sourceId: string | null;
  at: number;
}

/**
 * Suppress the addresses of bounces and complaints, inside the caller's
 * transaction, one batch insert: an address already suppressed keeps its row,
 * except that a complaint turns a bounce or manual entry into a complaint that
 * never ends. New rows are published as `suppression.added`.
 */
export async function suppressAddresses(trx: Db, entries: readonly ReportedSuppression[]): Promise<void> {
  const inserted = await insertSuppressions(
    trx,
    entries.map((e) => ({ ...e, expiresAt: null })),
  );
  const fresh = new Set(inserted.map((r) => `${r.organization_id} ${r.email_key}`));
  for (const e of entries) {
    if (e.reason === 'complaint' && !fresh.has(`${e.organizationId} ${emailKeyOf(e.email)}`)) {
      await upgradeToComplaint(trx, e.organizationId, emailKeyOf(e.email), e.sourceId);
    }
  }
}

/** A suppressed address as the send path needs it. */
export interface Suppressed {
  id: string;
  reason: SuppressionReason;
}

/**
 * Which of these addresses the organization has suppressed at `now`, keyed by
 * the address as given; matched without regard to case. One indexed query per
 * 500 addresses.
 */
export async function findSuppressed(db: Db, organizationId: string, mailboxes: readonly string[], now: number): Promise<Map<string, Suppressed>> {
  const found = new Map<string, Suppressed>();
  if (mailboxes.length === 0) return found;
  const rows = await findActiveByKeys(db, organizationId, mailboxes.map(emailKeyOf), now);
  if (rows.length === 0) return found;
  const byKey = new Map(rows.map((r) => [r.email_key, { id: r.id, reason: r.reason }]));
  for (const mailbox of mailboxes) {
    const hit = byKey.get(emailKeyOf(mailbox));
    if (hit) found.set(mailbox, hit);
  }
  return found;
}
