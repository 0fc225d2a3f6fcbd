import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { findSuppressed, RECIPIENT_SUPPRESSED, type Suppressed } from '../suppressions/index.ts';
import type { NewEmailRow } from './email.repository.ts';

/** A recipient the suppression list holds: its address, why, and the batch item it came in (if any). */
export interface SuppressedRecipient {
  mailbox: string;
  reason: Suppressed['reason'];
  index?: number | undefined;
}

/**
 * The refusal of a send none of whose recipients may be mailed (validation_error,
 * code RECIPIENT_SUPPRESSED), naming each: every door answers it in its own terms
 * (HTTP 422, SMTP 550 5.1.1, an MCP tool error).
 */
export function recipientSuppressed(recipients: readonly SuppressedRecipient[]): AppError {
  const named = recipients.map((r) => `${r.mailbox} (${r.reason})`).join(', ');
  const message =
    recipients.length === 1
      ? `Recipient ${named} is on the suppression list: nothing is sent to it (remove_suppression takes it off)`
      : `Every recipient is on the suppression list, so nothing was sent: ${named}`;
  return new AppError('validation_error', message, {
    code: RECIPIENT_SUPPRESSED,
    details: recipients.map((r) => ({
      path: r.index === undefined ? 'to' : `[${r.index}].to`,
      message: `${r.mailbox} is on the suppression list (${r.reason})`,
      email: r.mailbox,
      reason: r.reason,
    })),
  });
}

/** Is this the refusal of a send whose every recipient is suppressed? */
export function isRecipientSuppressed(error: unknown): boolean {
  return error instanceof AppError && error.code === RECIPIENT_SUPPRESSED;
}

/** One accept unit's rows after the suppression list was read: all of them (the suppressed ones marked), and those to deliver. */
export interface CheckedUnit {
  rows: NewEmailRow[];
  /** Positions in `rows` of the emails to deliver. */
  deliver: number[];
}

/**
 * Read the suppression list for every recipient of these units (one indexed
 * query per organization and 500 addresses, in the accept transaction), and
 * mark each suppressed recipient's email `suppressed` instead of `queued`: it is
 * kept, and never delivered. A unit with recipients that are all suppressed is
 * refused (recipientSuppressed).
 */
export async function checkSuppressedRecipients(
  trx: Transaction<Database>,
  units: readonly { rows: readonly NewEmailRow[]; itemIndexes?: readonly number[] | undefined }[],
  at: number,
): Promise<(CheckedUnit | AppError)[]> {
  const byOrganization = new Map<string, Set<string>>();
  for (const unit of units) {
    for (const row of unit.rows) {
      const own = byOrganization.get(row.email.organization_id) ?? new Set<string>();
      own.add(row.mailbox);
      byOrganization.set(row.email.organization_id, own);
    }
  }
  const found = new Map<string, Suppressed>();
  for (const [organizationId, mailboxes] of byOrganization) {
    for (const [mailbox, hit] of await findSuppressed(trx, organizationId, [...mailboxes], at)) found.set(`${organizationId} ${mailbox}`, hit);
  }
  return units.map((unit) => {
    const deliver: number[] = [];
    const suppressed: SuppressedRecipient[] = [];
    const rows = unit.rows.map((row, position) => {
      const hit = found.get(`${row.email.organization_id} ${row.mailbox}`);
      if (!hit) {
        deliver.push(position);
        return row;
      }
      suppressed.push({ mailbox: row.mailbox, reason: hit.reason, index: unit.itemIndexes?.[position] });
      return { ...row, email: { ...row.email, last_event: 'suppressed' }, eventDetail: { suppression_id: hit.id, reason: hit.reason } };
    });
    if (unit.rows.length > 0 && deliver.length === 0) return recipientSuppressed(suppressed);
    return { rows, deliver };
  });
}
