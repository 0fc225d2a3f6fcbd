import { AppError } from '../errors.ts';

/**
 * The recipient guard: transactional sends (not campaigns) to one mailbox of
 * one organization are held to 5 per 10 minutes and 20 per 24 hours, and refused
 * while the mailbox is on bounce cooldown. This file is the arithmetic; the
 * state lives in the recipient_guards table (recipient-store.ts).
 */
export interface GuardWindow {
  max: number;
  windowMs: number;
}

export const SHORT_WINDOW: GuardWindow = Object.freeze({ max: 5, windowMs: 10 * 60 * 1000 });
export const LONG_WINDOW: GuardWindow = Object.freeze({ max: 20, windowMs: 24 * 60 * 60 * 1000 });

export type GuardReason = 'short_window' | 'long_window' | 'bounce_cooldown';

export interface GuardRefusal {
  reason: GuardReason;
  /** Milliseconds until a send to the mailbox would pass. */
  waitMs: number;
}

/** What the guard knows of one mailbox. `sends` are send times, oldest first. */
export interface MailboxState {
  sends: number[];
  cooldownUntil: number | null;
}

/** Milliseconds until a window holding `sends` (oldest first) admits one more at `now`; 0 if it does. */
function windowWait(sends: readonly number[], window: GuardWindow, now: number): number {
  const inWindow = sends.filter((t) => t > now - window.windowMs);
  if (inWindow.length < window.max) return 0;
  // One more passes once all but max-1 of them have left the window.
  const leaving = inWindow[inWindow.length - window.max]!;
  return leaving + window.windowMs - now;
}

/**
 * May one more transactional send go to this mailbox at `now`? When not, the
 * reason that keeps it waiting longest, and for how long.
 */
export function checkMailbox(state: MailboxState, now: number): GuardRefusal | null {
  const waits: GuardRefusal[] = [
    { reason: 'bounce_cooldown', waitMs: state.cooldownUntil !== null ? state.cooldownUntil - now : 0 },
    { reason: 'long_window', waitMs: windowWait(state.sends, LONG_WINDOW, now) },
    { reason: 'short_window', waitMs: windowWait(state.sends, SHORT_WINDOW, now) },
  ];
  let worst: GuardRefusal | null = null;
  for (const w of waits) if (w.waitMs > 0 && (!worst || w.waitMs > worst.waitMs)) worst = w;
  return worst;
}

/**
 * When a check of this mailbox takes effect: not before its latest recorded send.
 * A clock read before waiting for the mailbox's row (another process was
 * recording a send to it) is earlier than that send; judged at it, a refusal
 * would ask to wait longer than the window itself.
 */
export function judgedAt(state: MailboxState, now: number): number {
  const last = state.sends[state.sends.length - 1];
  return last !== undefined && last > now ? last : now;
}

/** The sends worth keeping after one at `now`: those still inside the long window, at most its allowance. */
export function recordSend(sends: readonly number[], now: number): number[] {
  return [...sends.filter((t) => t > now - LONG_WINDOW.windowMs), now].sort((a, b) => a - b).slice(-LONG_WINDOW.max);
}

/** When a mailbox's state stops mattering: its last send has left the long window and any cooldown is over. */
export function stateExpiresAt(state: MailboxState): number {
  const lastSend = state.sends.length > 0 ? state.sends[state.sends.length - 1]! + LONG_WINDOW.windowMs : 0;
  return Math.max(lastSend, state.cooldownUntil ?? 0);
}

const REASON_TEXT: Record<GuardReason, string> = {
  short_window: `${SHORT_WINDOW.max} sends per 10 minutes`,
  long_window: `${LONG_WINDOW.max} sends per 24 hours`,
  bounce_cooldown: 'a recent bounce',
};

/** The refusal every door turns into its protocol's answer (HTTP 429, SMTP 450 4.7.1, an MCP tool error). */
export function recipientRateLimited(mailbox: string, refusal: GuardRefusal, index?: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(refusal.waitMs / 1000));
  const where = index === undefined ? '' : ` (batch item ${index})`;
  return new AppError(
    'recipient_rate_limited',
    `Recipient ${mailbox}${where} is temporarily rate limited (${REASON_TEXT[refusal.reason]}); retry after ${retryAfter} s`,
    {
      code: 'RECIPIENT_RATE_LIMITED',
      retryAfter,
      details: { reason: refusal.reason, recipient: mailbox, ...(index === undefined ? {} : { index }) },
    },
  );
}
