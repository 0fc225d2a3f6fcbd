import { sql, type Kysely, type Transaction } from 'kysely';
import { insertRows } from '../db/insert-rows.ts';
import type { Database } from '../db/schema.ts';
import { checkMailbox, judgedAt, recordSend, stateExpiresAt, type GuardRefusal, type MailboxState } from './recipient-guard.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One transactional send the guard must admit. */
export interface GuardedSend {
  organizationId: string;
  /** Lower-cased address. */
  mailbox: string;
}

/** Why a unit of sends was refused: its first refused send. */
export interface UnitRefusal {
  index: number;
  mailbox: string;
  refusal: GuardRefusal;
}

const keyOf = (organizationId: string, mailbox: string) => `${organizationId}\u0000${mailbox}`;

/** The one order in which every transaction writes guard rows, so none waits on another in a cycle. */
export function compareGuardKeys(a: GuardedSend, b: GuardedSend): number {
  if (a.organizationId !== b.organizationId) return a.organizationId < b.organizationId ? -1 : 1;
  return a.mailbox < b.mailbox ? -1 : a.mailbox > b.mailbox ? 1 : 0;
}

/**
 * Admit or refuse units of sends (one unit = one request: a send, or a whole
 * batch, all or nothing), in order, inside the caller's transaction, and record
 * the admitted ones. The mailboxes' rows are created if missing and locked in
 * one order (PostgreSQL), so concurrent transactions in any process see each
 * other's sends and never deadlock on each other (bounce cooldowns are written
 * in the same order: `compareGuardKeys`).
 */
export async function admitSends(trx: Transaction<Database>, units: readonly (readonly GuardedSend[])[], now: number): Promise<(UnitRefusal | null)[]> {
  const keys = new Map<string, GuardedSend>();
  for (const unit of units) for (const s of unit) keys.set(keyOf(s.organizationId, s.mailbox), s);
  if (keys.size === 0) return units.map(() => null);
  const sorted = [...keys.values()].sort(compareGuardKeys);

  // Create-or-lock in one statement: each row is written (so locked, in PostgreSQL)
  // in this order, and returned as it stands. A separate insert-then-select would
  // leave a gap in which a purge could delete an existing row.
  const fresh = sorted.map((s) => ({ organization_id: s.organizationId, mailbox: s.mailbox, sends: '[]', cooldown_until: null, expires_at: now }));
  const rows = await insertRows(trx, 'recipient_guards create or lock', fresh, (chunk) =>
    trx
      .insertInto('recipient_guards')
      .values(chunk)
      .onConflict((oc) => oc.columns(['organization_id', 'mailbox']).doUpdateSet((eb) => ({ mailbox: eb.ref('excluded.mailbox') })))
      .returning(['organization_id', 'mailbox', 'sends', 'cooldown_until']),
  );

  const states = new Map<string, MailboxState>();
  for (const row of rows) {
    states.set(keyOf(row.organization_id, row.mailbox), {
      sends: JSON.parse(row.sends) as number[],
      cooldownUntil: row.cooldown_until === null ? null : Number(row.cooldown_until),
    });
  }

  const changed = new Set<string>();
  const decisions = units.map((unit): UnitRefusal | null => {
    // Tentative within the unit (a batch may name one mailbox twice); kept only if all of it passes.
    const tentative = new Map<string, MailboxState>();
    for (let index = 0; index < unit.length; index++) {
      const send = unit[index]!;
      const key = keyOf(send.organizationId, send.mailbox);
      const state = tentative.get(key) ?? states.get(key)!;
      // `now` was read before the row locks were granted: judged and recorded no earlier than the mailbox's latest send.
      const at = judgedAt(state, now);
      const refusal = checkMailbox(state, at);
      if (refusal) return { index, mailbox: send.mailbox, refusal };
      tentative.set(key, { ...state, sends: recordSend(state.sends, at) });
    }
    for (const [key, state] of tentative) {
      states.set(key, state);
      changed.add(key);
    }
    return null;
  });

  if (changed.size > 0) {
    const written = [...changed].map((key) => {
      const { organizationId, mailbox } = keys.get(key)!;
      const state = states.get(key)!;
      return {
        organization_id: organizationId,
        mailbox,
        sends: JSON.stringify(state.sends),
        cooldown_until: state.cooldownUntil,
        expires_at: stateExpiresAt(state),
      };
    });
    await insertRows(trx, 'recipient_guards record sends', written, (chunk) =>
      trx
        .insertInto('recipient_guards')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['organization_id', 'mailbox']).doUpdateSet((eb) => ({
            sends: eb.ref('excluded.sends'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        ),
    );
  }
  return decisions;
}

/** In an upsert: the later of the stored and the new value (both dialects; no GREATEST in SQLite). */
function laterOf(column: 'cooldown_until' | 'expires_at') {
  return sql<number>`case when ${sql.ref(`recipient_guards.${column}`)} > ${sql.ref(`excluded.${column}`)} then ${sql.ref(`recipient_guards.${column}`)} else ${sql.ref(`excluded.${column}`)} end`;
}

/**
 * Put mailboxes that bounced on cooldown until their `until` (a later cooldown is
 * never shortened), in one statement, in the guard's order.
 */
export async function startBounceCooldowns(db: Db, cooldowns: readonly (GuardedSend & { until: number })[]): Promise<void> {
  const latest = new Map<string, GuardedSend & { until: number }>();
  for (const c of cooldowns) {
    const key = keyOf(c.organizationId, c.mailbox);
    const seen = latest.get(key);
    if (!seen || c.until > seen.until) latest.set(key, c);
  }
  if (latest.size === 0) return;
  await db
    .insertInto('recipient_guards')
    .values(
      [...latest.values()]
        .sort(compareGuardKeys)
        .map((c) => ({ organization_id: c.organizationId, mailbox: c.mailbox, sends: '[]', cooldown_until: c.until, expires_at: c.until })),
    )
    .onConflict((oc) =>
      oc.columns(['organization_id', 'mailbox']).doUpdateSet(() => ({
        cooldown_until: laterOf('cooldown_until'),
        expires_at: laterOf('expires_at'),
      })),
    )
    .execute();
}

/** Put one mailbox that bounced on cooldown until `until`. */
export async function startBounceCooldown(db: Db, send: GuardedSend, until: number): Promise<void> {
  await startBounceCooldowns(db, [{ ...send, until }]);
}

/** Drop mailboxes whose sends and cooldown no longer matter. */
export async function purgeRecipientGuards(db: Db, now: number): Promise<void> {
  await db.deleteFrom('recipient_guards').where('expires_at', '<=', now).execute();
}

/**
 * Would the guard refuse a send to this mailbox now? Reads, records nothing: a
 * door that learns its recipients one by one (SMTP RCPT TO) refuses early with
 * it, and the accept transaction still decides (`admitSends`).
 */
export async function peekRecipient(db: Db, send: GuardedSend, now: number): Promise<GuardRefusal | null> {
  const row = await db
    .selectFrom('recipient_guards')
    .select(['sends', 'cooldown_until'])
    .where('organization_id', '=', send.organizationId)
    .where('mailbox', '=', send.mailbox)
    .executeTakeFirst();
  if (!row) return null;
  const state: MailboxState = { sends: JSON.parse(row.sends) as number[], cooldownUntil: row.cooldown_until === null ? null : Number(row.cooldown_until) };
  return checkMailbox(state, judgedAt(state, now));
}

/**
 * Which of these mailboxes are on bounce cooldown now: campaigns skip them (the
 * send-count windows are for transactional sends only). One query per chunk.
 */
export async function mailboxesOnCooldown(db: Db, organizationId: string, mailboxes: readonly string[], now: number): Promise<Set<string>> {
  const cooling = new Set<string>();
  for (let i = 0; i < mailboxes.length; i += COOLDOWN_LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('recipient_guards')
      .select('mailbox')
      .where('organization_id', '=', organizationId)
      .where('mailbox', 'in', mailboxes.slice(i, i + COOLDOWN_LOOKUP_CHUNK))
      .where('cooldown_until', '>', now)
      .execute();
    for (const row of rows) cooling.add(row.mailbox);
  }
  return cooling;
}

const COOLDOWN_LOOKUP_CHUNK = 500;
