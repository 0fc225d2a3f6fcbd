// Open and click tracking: the links a tracked email carries, and what happens
// when they are followed. An email is tracked when its sender asked for it (v1
// `tracking: true`); its links name it by id and carry its random key, so nobody
// without the message can make an open or a click up. Knows no protocol.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { findTrackedEmail, recordEmailEvents } from '../emails/email.repository.ts';
import { AppError } from '../errors.ts';
import { trackableLinks } from './tracked-html.ts';

export { trackableLinks, withTracking, type TrackableLink } from './tracked-html.ts';

/** What a tracked email's links are made of. Plain data: it crosses to the threads that build messages. */
export interface TrackingRef {
  /** BASE_URL, without a trailing slash. */
  baseUrl: string;
  emailId: string;
  key: string;
}

export const openUrl = (t: TrackingRef) => `${t.baseUrl}/t/o/${t.emailId}/${t.key}`;
export const clickUrl = (t: TrackingRef, link: number) => `${t.baseUrl}/t/c/${t.emailId}/${link}/${t.key}`;

/** 128 random bits, URL-safe. */
export const newTrackingKey = () => randomBytes(16).toString('base64url');

/** What the request that followed a link tells about its reader; kept on the event. */
export interface Reader {
  userAgent: string | null;
}

/**
 * Following a link records what the reader did; a `null` reader only checks the
 * link and records nothing (a HEAD request: link checkers and scanners, not readers).
 */
export interface TrackingService {
  /** Record an open. Throws not_found for a link Mailgate did not make. */
  open(ref: { emailId: string; key: string }, reader: Reader | null): Promise<void>;
  /** Record a click; returns where the link leads. Throws not_found for a link Mailgate did not make. */
  click(ref: { emailId: string; key: string; link: number }, reader: Reader | null): Promise<string>;
}

const USER_AGENT_MAX = 512;
const notFound = () => new AppError('not_found', 'No such tracking link');

function sameKey(stored: string | null, given: string): boolean {
  if (stored === null) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createTrackingService(handle: DatabaseHandle, clock: Clock): TrackingService {
  const db = handle.db;

  async function record(email: { id: string; organization_id: string }, type: 'opened' | 'clicked', detail: Record<string, unknown>) {
    const at = clock.now();
    await db.transaction().execute((trx) =>
      recordEmailEvents(trx, [{ emailId: email.id, organizationId: email.organization_id, type, detail, at }]),
    );
  }

  const seen = (reader: Reader) => (reader.userAgent ? { user_agent: reader.userAgent.slice(0, USER_AGENT_MAX) } : {});

  return {
    async open(ref, reader) {
      const email = await findTrackedEmail(db, ref.emailId, false);
      if (!email || !sameKey(email.tracking_key, ref.key)) throw notFound();
      if (reader) await record(email, 'opened', seen(reader));
    },
    async click(ref, reader) {
      const email = await findTrackedEmail(db, ref.emailId, true);
      if (!email || !sameKey(email.tracking_key, ref.key) || email.html === null) throw notFound();
      const link = trackableLinks(email.html)[ref.link];
      if (!link) throw notFound();
      if (reader) await record(email, 'clicked', { url: link.url, ...seen(reader) });
      return link.url;
    },
  };
}
