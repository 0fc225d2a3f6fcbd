// The return path: what comes back by mail about the emails Mailgate sent.
// The inbound listener asks whether a recipient is one of our return paths,
// then hands over each message with what its parser made of it; this service
// finds the email the return path names, applies the outcome rules, and
// commits it all before the listener answers 250. A report that names no email
// of ours, or says nothing we act on, is kept as unmatched.
import type { Clock } from '../clock.ts';
import { createGroupCommit } from '../db/group-commit.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { EventTriggers } from '../audience/index.ts';
import { mailboxKey } from '../emails/address.ts';
import { addressOf } from '../emails/email-record.ts';
import { newId } from '../ids.ts';
import { applyEmailOutcomes, eventOf, type EmailOutcome } from './apply-outcomes.ts';
import { outcomeOfReport, type ReturnOutcome } from './outcome-rules.ts';
import type { ReturnReport } from './report.ts';
import { findReportedEmail, insertInboundReports, purgeInboundReports, type NewInboundReport } from './report.repository.ts';
import { readReturnPath } from './verp.ts';

export type { ReturnReport } from './report.ts';
export * from './outcome-rules.ts';

/** A message the inbound listener took, with what its parser made of it. */
export interface ReceivedReport {
  /** The RCPT TO addresses it was accepted for (return paths). */
  recipients: string[];
  /** MAIL FROM; null for the null sender `<>` that reports come from. */
  mailFrom: string | null;
  remoteAddress: string;
  raw: Uint8Array;
  report: ReturnReport;
}

export interface ReturnsService {
  /** Whether the inbound listener may accept mail for this address: a return path whose signature holds. */
  acceptsRecipient(address: string): Promise<boolean>;
  /** Record what a report says; resolves once it is committed (`matched`: an email's outcome was recorded). */
  receive(input: ReceivedReport): Promise<{ stored: 'matched' | 'unmatched' }>;
  /** Drop reports older than the retention period. */
  purge(now: number): Promise<void>;
}

export interface ReturnsDeps {
  db: DatabaseHandle;
  clock: Clock;
  /** The key return paths are signed with (signing_keys `return-path`). */
  returnPathKey: () => Promise<Buffer>;
  bounceCooldownMs: number;
  triggers: EventTriggers;
  retentionMs: number;
}

/** The most of an unmatched message kept for a person to look at. */
export const UNMATCHED_RAW_MAX_BYTES = 256 * 1024;

/** An outcome already recorded for the email: a report sent twice (or a second notice of the same failure) changes nothing. */
function sameOutcome(outcome: ReturnOutcome, earlier: { type: string; detail: Record<string, unknown> | null }): boolean {
  if (outcome.type !== earlier.type) return false;
  if (outcome.type === 'bounced') {
    const bounce = earlier.detail?.['bounce'] as { type?: string; status?: string | null } | undefined;
    return bounce?.type === outcome.bounce.type && bounce?.status === outcome.bounce.status;
  }
  if (outcome.type === 'delivery_delayed') return (earlier.detail?.['status'] ?? null) === outcome.delay.status;
  return true;
}

interface Write {
  report: NewInboundReport;
  outcome: EmailOutcome | null;
}

export function createReturnsService(deps: ReturnsDeps): ReturnsService {
  const { db: handle, clock } = deps;
  const db = handle.db;

  // Reports that arrive together share a commit; each is answered once its own is on disk.
  const writes = createGroupCommit<Write>(db, {
    weight: (w) => 1 + (w.outcome?.events.length ?? 0),
    async apply(trx, items) {
      await insertInboundReports(
        trx,
        items.map((w) => w.report),
      );
      await applyEmailOutcomes(
        trx,
        items.flatMap((w) => (w.outcome ? [w.outcome] : [])),
        { bounceCooldownMs: deps.bounceCooldownMs, triggers: deps.triggers, now: clock.now() },
      );
    },
  });

  async function emailIdOf(address: string): Promise<string | null> {
    return readReturnPath(await deps.returnPathKey(), address)?.emailId ?? null;
  }

  return {
    async acceptsRecipient(address) {
      return (await emailIdOf(address)) !== null;
    },

    async receive(input) {
      const at = clock.now();
      const ids = new Set<string>();
      for (const recipient of input.recipients) {
        const id = await emailIdOf(recipient);
        if (id) ids.add(id);
      }
      const base = {
        kind: input.report.kind,
        recipient: input.recipients.join(', ').slice(0, 2000),
        mail_from: input.mailFrom,
        remote_address: input.remoteAddress,
        size: input.raw.byteLength,
        created_at: at,
      };
      const unmatched = (organizationId: string | null, emailId: string | null, outcome: 'unmatched' | 'duplicate'): Write => ({
        report: {
          ...base,
          id: newId('rpt', at),
          organization_id: organizationId,
          email_id: emailId,
          outcome,
          raw: outcome === 'unmatched' ? Buffer.from(input.raw.subarray(0, UNMATCHED_RAW_MAX_BYTES)) : null,
        },
        outcome: null,
      });

      // One email per return path: a report sent to several of ours (rare) speaks for each.
      const found = await Promise.all([...ids].map((id) => findReportedEmail(db, id)));
      const items: Write[] = [];
      for (const email of found) {
        if (!email) continue;
        const recipient = addressOf(email.to_address);
        const outcome = outcomeOfReport(input.report, recipient);
        if (!outcome) {
          items.push(unmatched(email.organization_id, email.id, 'unmatched'));
          continue;
        }
        if (email.earlier.some((e) => sameOutcome(outcome, e))) {
          items.push(unmatched(email.organization_id, email.id, 'duplicate'));
          continue;
        }
        const event = eventOf(outcome, { source: 'report', report_kind: input.report.kind });
        items.push({
          report: { ...base, id: newId('rpt', at), organization_id: email.organization_id, email_id: email.id, outcome: outcome.type, raw: null },
          outcome: {
            emailId: email.id,
            recipient: { organizationId: email.organization_id, mailbox: mailboxKey(recipient) },
            events: [
              {
                emailId: email.id,
                organizationId: email.organization_id,
                type: event.type,
                detail: event.detail,
                at,
                ...(event.rank ? { rank: event.rank } : {}),
              },
            ],
            triggerWorkflows: email.source !== 'workflow',
            campaignId: email.campaign_id,
            finished: false,
          },
        });
      }
      if (items.length === 0) items.push(unmatched(null, null, 'unmatched'));
      await Promise.all(items.map((item) => writes.write(item)));
      return { stored: items.some((i) => i.outcome !== null) ? 'matched' : 'unmatched' };
    },

    async purge(now) {
      await purgeInboundReports(db, now - deps.retentionMs);
    },
  };
}
