// The one set of rules that turns what came back about an email into its
// outcome: a report by mail (DSN, feedback report, a bounce in words), the
// relay's own answer at hand-off, and the fixture addresses all end here, so a
// 5.1.1 means the same thing whichever way it arrived.
import type { ReportRecipient, ReturnReport } from './report.ts';

/** hard: the address is dead (suppressed); soft: it may come back (bounce cooldown); undetermined: a bounce we cannot read (cooldown). */
export type BounceType = 'hard' | 'soft' | 'undetermined';

/** What a bounce event carries (`detail.bounce`), as the API and webhooks show it. */
export interface BounceDetail {
  type: BounceType;
  /** The enhanced status code (`5.1.1`), or null when none was given. */
  status: string | null;
  diagnostic: string | null;
  remote_mta: string | null;
}

export interface ComplaintDetail {
  feedback_type: string;
  user_agent: string | null;
}

export type ReturnOutcome =
  | { type: 'bounced'; bounce: BounceDetail }
  | { type: 'delivery_delayed'; delay: { status: string | null; diagnostic: string | null; remote_mta: string | null } }
  | { type: 'complained'; complaint: ComplaintDetail };

const STATUS = /^([245])\.(\d{1,3})\.(\d{1,3})$/;

/** A status as `c.s.d`, or null when it is not one. */
export function normalStatus(status: string | null | undefined): string | null {
  const match = status?.trim().match(STATUS);
  return match ? `${match[1]}.${Number(match[2])}.${Number(match[3])}` : null;
}

/**
 * The enhanced status a relay's answer gives (`550 5.1.1 <a@b>: no such user`),
 * or one made from its basic code (`550` → `5.0.0`), or null.
 */
export function statusOfReply(reply: string, code?: number): string | null {
  const enhanced = reply.match(/\b([245])\.(\d{1,3})\.(\d{1,3})\b/);
  if (enhanced) return `${enhanced[1]}.${Number(enhanced[2])}.${Number(enhanced[3])}`;
  // A Diagnostic-Code may still carry its type (`smtp; 550 …`).
  const basic = code ?? Number(reply.replace(/^\s*[a-z-]+\s*;/i, '').match(/^\s*[245]\d\d\b/)?.[0]);
  return Number.isInteger(basic) && basic >= 200 && basic < 600 ? `${Math.floor(basic / 100)}.0.0` : null;
}

/**
 * Statuses of a bounce without a delivery-status part that say plainly the
 * address is gone (RFC 3463): bad mailbox, bad system, bad address syntax,
 * mailbox disabled or moved with no forwarding.
 */
const CLEARLY_DEAD = new Set(['5.1.1', '5.1.2', '5.1.3', '5.1.6', '5.1.10', '5.2.1']);

const clip = (text: string | null, max = 1000) => (text === null ? null : text.length > max ? `${text.slice(0, max)}…` : text);

/** One recipient block of a DSN: failed 5.x.x is hard, failed 4.x.x (given up) soft, delayed a delay; the rest says nothing new. */
export function outcomeOfRecipient(recipient: ReportRecipient): ReturnOutcome | null {
  const status = normalStatus(recipient.status) ?? (recipient.diagnosticCode ? statusOfReply(recipient.diagnosticCode) : null);
  const diagnostic = clip(recipient.diagnosticCode);
  const remote_mta = recipient.remoteMta;
  const action = recipient.action ?? (status?.startsWith('5') ? 'failed' : status?.startsWith('4') ? 'delayed' : null);
  if (action === 'failed') {
    const type: BounceType = status?.startsWith('5') ? 'hard' : status?.startsWith('4') ? 'soft' : 'undetermined';
    return { type: 'bounced', bounce: { type, status, diagnostic, remote_mta } };
  }
  if (action === 'delayed') return { type: 'delivery_delayed', delay: { status, diagnostic, remote_mta } };
  return null;
}

/** Feedback types that mean the recipient called the mail unwanted. */
const COMPLAINTS = new Set(['abuse', 'fraud']);

/**
 * What a report says about the one recipient of the email it came back for.
 * A report that names other addresses only says nothing about this one (a
 * report replayed from another address changes nothing); a DSN block that
 * names no address at all is taken to be about it.
 */
export function outcomeOfReport(report: ReturnReport, recipient: string): ReturnOutcome | null {
  const wanted = recipient.toLowerCase();
  const isOther = (address: string | null) => address !== null && address.includes('@') && address.toLowerCase() !== wanted;
  switch (report.kind) {
    case 'delivery_status': {
      const names = (r: ReportRecipient) => r.finalRecipient?.toLowerCase() === wanted || r.originalRecipient?.toLowerCase() === wanted;
      const named = report.recipients.filter(names);
      const blocks = named.length > 0 ? named : report.recipients.filter((r) => r.finalRecipient === null && r.originalRecipient === null);
      for (const block of blocks) {
        const outcome = outcomeOfRecipient(block);
        if (outcome) return outcome;
      }
      return null;
    }
    case 'feedback':
      if (isOther(report.originalRcptTo)) return null;
      return COMPLAINTS.has(report.feedbackType)
        ? { type: 'complained', complaint: { feedback_type: report.feedbackType, user_agent: report.userAgent } }
        : null;
    case 'plain_bounce': {
      if (isOther(report.recipient)) return null;
      const status = normalStatus(report.status);
      const type: BounceType = status !== null && CLEARLY_DEAD.has(status) ? 'hard' : status?.startsWith('4') ? 'soft' : 'undetermined';
      return { type: 'bounced', bounce: { type, status, diagnostic: clip(report.diagnostic), remote_mta: null } };
    }
    case 'none':
      return null;
  }
}

/**
 * The relay's answer at hand-off, when delivery stops trying: a 5xx is a hard
 * bounce; a 4xx still refused after every attempt is a soft one. Null: no SMTP
 * answer at all (the relay unreachable), which is a failure of the path, not of
 * the address.
 */
export function outcomeOfRelayAnswer(reply: string, code: number | undefined, relay: string | null): ReturnOutcome | null {
  const status = statusOfReply(reply, code);
  if (code === undefined && status === null) return null;
  const type: BounceType = (code !== undefined && code >= 500) || status?.startsWith('5') ? 'hard' : 'soft';
  return { type: 'bounced', bounce: { type, status, diagnostic: clip(reply), remote_mta: relay } };
}

/** What the fixture addresses walk to, through the same rules as a real report. */
export function outcomeOfFixture(fixture: 'bounced' | 'complained', address: string): ReturnOutcome {
  if (fixture === 'complained') return { type: 'complained', complaint: { feedback_type: 'abuse', user_agent: 'Mailgate fixtures' } };
  return {
    type: 'bounced',
    bounce: { type: 'hard', status: '5.1.1', diagnostic: `smtp; 550 5.1.1 <${address}>: fixture address: the mailbox does not exist`, remote_mta: null },
  };
}
