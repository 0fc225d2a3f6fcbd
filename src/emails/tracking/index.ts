// Open and click tracking: the links a tracked email carries, and what happens
// when they are followed. An email is tracked when its sender asked for it (v1
// `tracking: true`); its links name it by id and carry its random key, so nobody
// without the message can make an open or a click up. Part of emails/ (it reads
// and writes email rows and events); nothing below emails imports it. Knows no protocol.
import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findEmailBodies, findTrackedEmail, hasEmailEvent, recordEmailEvents } from '../email.repository.ts';
import { AppError } from '../../errors.ts';
import { hasPrefix } from '../../ids.ts';
import type { ThreadPool } from '../../threads/index.ts';
import { TRACKING_TOKEN } from './links.ts';

export { clickUrl, linkTag, newTrackingKey, openUrl, TRACKING_PATHS, type TrackingRef } from './links.ts';
export { linkByTag, trackableLinks, withTracking, type TrackableLink } from './tracked-html.ts';

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
  click(ref: { emailId: string; key: string; tag: string }, reader: Reader | null): Promise<string>;
}

const USER_AGENT_MAX = 512;
const notFound = () => new AppError('not_found', 'No such tracking link');

function sameKey(stored: string | null, given: string): boolean {
  if (stored === null) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The pool task a click needs (createCore's pool has it): finding a stored body's link by its tag. */
export type LinkByTagTask = { linkByTag: (input: { html: string; tag: string }) => string | null };

/**
 * The port tracking reports a campaign email's first open or first click
 * through (createCore: the campaign's stats), in the transaction that records it.
 */
export type FirstEngagement = (trx: Kysely<Database> | Transaction<Database>, campaignId: string, type: 'opened' | 'clicked', at: number) => Promise<void>;

export function createTrackingService(handle: DatabaseHandle, clock: Clock, pool: ThreadPool<LinkByTagTask>, onFirst?: FirstEngagement): TrackingService {
  const db = handle.db;

  /** The tracked email a link names, if the link is one of ours; throws not_found otherwise. */
  async function trackedEmail(emailId: string, key: string) {
    // Malformed parts are refused before any query: they cannot name a tracked email.
    if (!hasPrefix(emailId, 'eml') || !TRACKING_TOKEN.test(key)) throw notFound();
    const email = await findTrackedEmail(db, emailId);
    if (!email || !sameKey(email.tracking_key, key)) throw notFound();
    return email;
  }

  async function record(
    email: { id: string; organization_id: string; campaign_id: string | null },
    type: 'opened' | 'clicked',
    detail: Record<string, unknown>,
  ) {
    const at = clock.now();
    await db.transaction().execute(async (trx) => {
      const first = email.campaign_id !== null && onFirst !== undefined && !(await hasEmailEvent(trx, email.id, type));
      await recordEmailEvents(trx, [{ emailId: email.id, organizationId: email.organization_id, type, detail, at }]);
      if (first) await onFirst!(trx, email.campaign_id!, type, at);
    });
  }

  const seen = (reader: Reader) => (reader.userAgent ? { user_agent: reader.userAgent.slice(0, USER_AGENT_MAX) } : {});

  return {
    async open(ref, reader) {
      const email = await trackedEmail(ref.emailId, ref.key);
      if (reader) await record(email, 'opened', seen(reader));
    },
    async click(ref, reader) {
      if (!TRACKING_TOKEN.test(ref.tag)) throw notFound();
      const email = await trackedEmail(ref.emailId, ref.key);
      const [body] = await findEmailBodies(db, [email.id]);
      // Reading the body is parsing HTML: off the thread that owns the database.
      const url = body ? await pool.run('linkByTag', { html: body.html, tag: ref.tag }, { tenant: email.organization_id }) : null;
      if (url === null) throw notFound();
      if (reader) await record(email, 'clicked', { url, ...seen(reader) });
      return url;
    },
  };
}
