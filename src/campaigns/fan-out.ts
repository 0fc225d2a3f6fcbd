import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { CampaignRow } from './campaign-record.ts';
import { audiencePage, findTagIds, type AudienceMember, type AudienceSelection } from '../audience/index.ts';
import { parseAddress, parseMailbox, type Mailbox } from '../emails/address.ts';
import type { EmailService, PersonalizedEmail } from '../emails/index.ts';
import { mailboxesOnCooldown } from '../limits/index.ts';
import { findSuppressed } from '../suppressions/index.ts';
import { completeJob, deferJob, JobLeaseLost, type Job, type JobContext } from '../queue/index.ts';
import { personalize, type CompiledTemplate } from '../render/index.ts';
import type { Audience } from './campaign-input.ts';
import { advanceFanOut, findCampaignById, findFanOutPosition, insertCampaignRecipients, startScheduledCampaign } from './campaign.repository.ts';
import { markSentWhenDone } from './stats.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

export const CAMPAIGN_SEND_JOB = 'campaign_send';

/**
 * Members read, and emails written, per transaction of the fan-out. A page is
 * personalized and written in one synchronous stretch on SQLite, during which
 * the process serves nothing else: 200 keeps that near 20 ms here (500 took
 * about 55 ms, and a dashboard page waited behind several), while the fan-out
 * stays ten times faster than delivery.
 */
export const FANOUT_PAGE_SIZE = 200;

export interface FanOutDeps {
  db: DatabaseHandle;
  clock: Clock;
  emails: EmailService;
  owner: string;
  links: UnsubscribeLinks;
  /** The campaign's content as a template with its unsubscribe link, rendered once (off this thread). */
  compile: (campaign: CampaignRow) => Promise<CompiledTemplate>;
  pageSize?: number;
}

/** A stored mailbox (written by formatMailbox) read back. */
export function storedMailbox(value: string): Mailbox {
  const mailbox = parseMailbox(value);
  if (!mailbox) throw new Error(`stored mailbox ${JSON.stringify(value)} does not parse`);
  return mailbox;
}

/** Why a member gets no email: its status, its address on the suppression list, or a bounce cooldown on it. */
function skipReason(member: AudienceMember, suppressed: ReadonlyMap<string, unknown>, cooling: ReadonlySet<string>): string | null {
  if (member.status !== 'subscribed') return member.status;
  // Stored addresses were checked when written; one that no longer parses is skipped, not sent malformed.
  if (parseAddress(member.email) === null) return 'invalid_address';
  if (suppressed.has(member.email_key)) return SUPPRESSED;
  return cooling.has(member.email_key) ? 'bounce_cooldown' : null;
}

/** The skip reason of a member whose address is on the suppression list (counted in stats.suppressed too). */
const SUPPRESSED = 'suppressed';

/**
 * The campaign send job: waits for a scheduled campaign's time, then walks its
 * audience in id order, a page per transaction. Each page's recipient rows
 * (unique per campaign and subscriber), its emails and their outbox jobs, the
 * stats and the cursor commit together, and only while this worker holds the
 * job and the cursor is where it read it: a process killed mid-send resumes at
 * the first page not committed, sending nobody twice and missing nobody. A
 * worker that stops (SIGTERM) gets the job back at the next page's end rather
 * than after the shutdown's grace.
 */
export function createCampaignSendHandler(deps: FanOutDeps): (job: Job, context: JobContext) => Promise<void> {
  const { clock, emails, owner, links } = deps;
  const db = deps.db.db;
  const pageSize = deps.pageSize ?? FANOUT_PAGE_SIZE;

  /** Tags by id; a tag gone since the campaign was saved matches nobody. */
  async function selectionOf(campaign: CampaignRow): Promise<AudienceSelection> {
    const audience = JSON.parse(campaign.audience) as Audience;
    if (audience.tags.length === 0) return { tagIds: [], match: audience.match };
    const ids = await findTagIds(db, campaign.organization_id, audience.tags);
    const found = audience.tags.flatMap((name) => (ids.has(name) ? [ids.get(name)!] : []));
    // No tag left to match: a selection that matches nobody rather than everybody.
    if (found.length === 0 || (audience.match === 'all' && found.length < audience.tags.length)) return { tagIds: ['tag_none'], match: 'all' };
    return { tagIds: found, match: audience.match };
  }

  return async function sendCampaign(job, { stopping }) {
    const holder = { jobId: job.id, owner };
    let campaign = await findCampaignById(db, job.refId);
    if (campaign?.status === 'scheduled') {
      const at = Number(campaign.scheduled_at);
      if (clock.now() < at) {
        await deferJob(db, job.id, owner, at, `scheduled for ${new Date(at).toISOString()}`);
        return;
      }
      // Its time has come: it starts sending, unless it is not this job's to start.
      if (await startScheduledCampaign(db, campaign.id, clock.now(), holder)) campaign = { ...campaign, status: 'sending' };
      else campaign = await findCampaignById(db, job.refId);
    }
    if (!campaign || campaign.status !== 'sending' || Number(campaign.fanout_done) === 1) {
      await completeJob(db, job.id, owner);
      return;
    }

    const scope = { organizationId: campaign.organization_id };
    const selection = await selectionOf(campaign);
    const compiled = await deps.compile(campaign);
    const sign = await links.signer();
    const from = storedMailbox(campaign.from_address);
    const replyTo = campaign.reply_to === null ? null : storedMailbox(campaign.reply_to);
    const tracking = { opens: Number(campaign.track_opens) === 1, clicks: Number(campaign.track_clicks) === 1 };
    const campaignId = campaign.id;
    let cursor = campaign.fanout_cursor;

    for (;;) {
      const members = await audiencePage(db, scope.organizationId, selection, cursor, pageSize);
      const done = members.length < pageSize;
      const now = clock.now();
      const next = members.length > 0 ? members[members.length - 1]!.id : cursor;
      const status = await db.transaction().execute(async (trx) => {
        const current = await findFanOutPosition(trx, campaignId);
        // Cancelled (or deleted) since the last page: no new recipient is started.
        if (!current || current.status !== 'sending') return 'stopped' as const;
        if (current.fanout_cursor !== cursor) throw new JobLeaseLost(job.id, `campaign ${campaignId} fan-out`);

        const subscribed = members.filter((m) => m.status === 'subscribed').map((m) => m.email_key);
        const suppressed = await findSuppressed(trx, scope.organizationId, subscribed, now);
        const cooling = await mailboxesOnCooldown(trx, scope.organizationId, subscribed, now);
        const mailed: AudienceMember[] = [];
        const skipped: { member: AudienceMember; reason: string }[] = [];
        for (const member of members) {
          const reason = skipReason(member, suppressed, cooling);
          if (reason === null) mailed.push(member);
          else skipped.push({ member, reason });
        }
        const personalized: PersonalizedEmail[] = mailed.map((m) => {
          const listUnsubscribe = sign({ subscriberId: m.id, campaignId });
          const parts = personalize(compiled, {
            first_name: m.first_name,
            last_name: m.last_name,
            email: m.email,
            attributes: JSON.parse(m.attributes) as Record<string, unknown>,
            unsubscribe_url: listUnsubscribe,
          });
          return { to: parseAddress(m.email)!, ...parts, listUnsubscribe };
        });
        const ids = await emails.acceptCampaignEmails(
          trx,
          scope,
          { campaignId, from, replyTo, preview: campaign.preview, tracking, emails: personalized },
          now,
        );
        await insertCampaignRecipients(trx, [
          ...mailed.map((m, i) => ({ campaign_id: campaignId, subscriber_id: m.id, email_id: ids[i]!, skip_reason: null, created_at: now })),
          ...skipped.map((s) => ({ campaign_id: campaignId, subscriber_id: s.member.id, email_id: null, skip_reason: s.reason, created_at: now })),
        ]);
        const step = {
          cursor: next,
          done,
          mailed: mailed.length,
          skipped: skipped.length,
          suppressed: skipped.filter((s) => s.reason === SUPPRESSED).length,
          now,
        };
        if (!(await advanceFanOut(trx, campaignId, step, holder))) throw new JobLeaseLost(job.id, `campaign ${campaignId} fan-out`);
        if (done) await markSentWhenDone(trx, [campaignId], now);
        return 'written' as const;
      });
      if (status === 'stopped') {
        await completeJob(db, job.id, owner);
        return;
      }
      emails.accepted();
      if (done) {
        await completeJob(db, job.id, owner);
        return;
      }
      cursor = next;
      // The worker is stopping: the job goes back to the queue, due now, and whoever
      // takes it next (this process restarted, another) resumes at the cursor.
      if (stopping.aborted) {
        await deferJob(db, job.id, owner, clock.now(), 'the worker stopped mid fan-out; it resumes where it was');
        return;
      }
      // SQLite answers synchronously, so without this the whole fan-out is one chain
      // of microtasks: no request is served, no delivery starts and no lease is
      // renewed until its last page (10 s for 100 000 recipients).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
}
