// The suppression list: per organization, the addresses no send reaches (a hard
// bounce, a complaint, or added by hand), the resource the API lists, adds, reads
// and removes, and the lookups of the send path (suppress.ts). Sits beside
// webhooks (it publishes suppression.added/removed) and below emails and
// campaigns, which skip what it lists; it must not import them.
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import { writeFirst, type DatabaseHandle } from '../db/index.ts';
import { AppError, validationError } from '../errors.ts';
import { hasPrefix } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { publishToSubscribers } from '../webhooks/index.ts';
import { insertSuppressions } from './suppress.ts';
import {
  deleteSuppression,
  emailKeyOf,
  findActiveRow,
  findActiveRows,
  listSuppressionRows,
  purgeExpiredSuppressions,
  type SuppressionFilter,
} from './suppression.repository.ts';
import { COMPLAINT_SUPPRESSION, toSuppressionRecord, type SuppressionDeleted, type SuppressionRecord } from './suppression-record.ts';

export * from './suppression-record.ts';
export { findSuppressed, insertSuppressions, suppressAddresses, type NewSuppression, type ReportedSuppression, type Suppressed } from './suppress.ts';
export { purgeExpiredSuppressions, type SuppressionFilter } from './suppression.repository.ts';

/** What adding takes: addresses (already checked to be addresses) and when their suppression ends. */
export interface SuppressionAdd {
  emails: readonly string[];
  /** Null: never. */
  expiresAt: number | null;
}

export interface SuppressionService {
  /** Suppressions that still suppress, newest first. */
  list(scope: OrgScope, filter: SuppressionFilter, page: PageRequest): Promise<Page<SuppressionRecord>>;
  /**
   * Suppress these addresses by hand (reason manual): one record per address, in
   * the order first given; an address already suppressed keeps its record as it
   * is. `added` counts the new ones. Throws validation_error for an end not in the future.
   */
  add(scope: OrgScope, input: SuppressionAdd): Promise<{ records: SuppressionRecord[]; added: number }>;
  /** By id (sup_…) or address. Throws not_found (also once it has expired). */
  get(scope: OrgScope, ref: string): Promise<SuppressionRecord>;
  /**
   * The address may be mailed again. A complaint is removed only with `force`
   * (and the removal is logged): throws conflict (COMPLAINT_SUPPRESSION) without
   * it. Throws not_found.
   */
  remove(scope: OrgScope, ref: string, options: { force: boolean }): Promise<SuppressionDeleted>;
  /** Forget the suppressions whose time is over (housekeeping). */
  purgeExpired(now: number): Promise<number>;
}

export interface SuppressionLogger {
  warn(obj: unknown, msg?: string): void;
}

/** `logger`: where a complaint removed by force is reported. */
export function createSuppressionService(handle: DatabaseHandle, clock: Clock, logger?: SuppressionLogger): SuppressionService {
  const db = handle.db;
  const refOf = (ref: string) => (hasPrefix(ref, 'sup') ? { id: ref } : { key: emailKeyOf(ref.trim()) });

  return {
    async list(scope, filter, page) {
      const rows = await listSuppressionRows(db, scope.organizationId, filter, page, clock.now());
      return toPage(rows, page, toSuppressionRecord);
    },

    async add(scope, input) {
      const now = clock.now();
      if (input.expiresAt !== null && input.expiresAt <= now) throw validationError([{ path: 'expires_at', message: 'must be in the future' }]);
      const first = new Map<string, string>();
      for (const email of input.emails) if (!first.has(emailKeyOf(email))) first.set(emailKeyOf(email), email);
      return db.transaction().execute(async (trx) => {
        const inserted = await insertSuppressions(
          trx,
          [...first.values()].map((email) => ({
            organizationId: scope.organizationId,
            email,
            reason: 'manual' as const,
            sourceId: null,
            at: now,
            expiresAt: input.expiresAt,
          })),
        );
        const rows = new Map((await findActiveRows(trx, scope.organizationId, [...first.keys()], now)).map((r) => [r.email_key, r]));
        return { records: [...first.keys()].flatMap((key) => (rows.has(key) ? [toSuppressionRecord(rows.get(key)!)] : [])), added: inserted.length };
      });
    },

    async get(scope, ref) {
      const row = await findActiveRow(db, scope.organizationId, refOf(ref), clock.now());
      if (!row) throw new AppError('not_found', `Suppression ${ref} not found`);
      return toSuppressionRecord(row);
    },

    async remove(scope, ref, { force }) {
      const now = clock.now();
      const removed = await db.transaction().execute(async (trx) => {
        await writeFirst(trx, handle.dialect);
        const row = await findActiveRow(trx, scope.organizationId, refOf(ref), now);
        if (!row) throw new AppError('not_found', `Suppression ${ref} not found`);
        if (row.reason === 'complaint' && !force) {
          throw new AppError(
            'conflict',
            `${row.email} is suppressed because its recipient reported a message as spam; mailing it again harms the sending domain. Remove it only with force: true`,
            { code: COMPLAINT_SUPPRESSION, details: { id: row.id, email: row.email, reason: row.reason } },
          );
        }
        await deleteSuppression(trx, row.id);
        await publishToSubscribers(trx, [{ organizationId: row.organization_id, type: 'suppression.removed', at: now, data: toSuppressionRecord(row) }], now);
        return row;
      });
      if (removed.reason === 'complaint') {
        logger?.warn(
          { organization_id: removed.organization_id, suppression_id: removed.id, email: removed.email, source_id: removed.source_id },
          'complaint suppression removed with force',
        );
      }
      return { object: 'suppression', id: removed.id, email: removed.email, deleted: true };
    },

    purgeExpired: (now) => purgeExpiredSuppressions(db, now),
  };
}
