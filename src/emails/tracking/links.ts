// The links a tracked email carries. Plain functions and data, no storage: the
// threads that build messages use them too.
import { createHash, randomBytes } from 'node:crypto';

/** What a tracked email's links are made of; crosses to the threads that build messages. */
export interface TrackingRef {
  /** BASE_URL, without a trailing slash. */
  baseUrl: string;
  emailId: string;
  key: string;
}

/** 128 random bits, URL-safe: 22 characters. */
export const newTrackingKey = () => randomBytes(16).toString('base64url');

/** The shape of a key and of a link tag: anything else in a tracking URL is not one of ours. */
export const TRACKING_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Which of an email's links a click URL names: a digest of the link's target.
 * A click finds its link again by this, not by position, so however the body
 * is read later, a click lands on the URL it was made for or nowhere.
 */
export const linkTag = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 22);

/** Where the links point under BASE_URL: {prefix}{open}/{id}/{key} and {prefix}{click}/{id}/{key}/{tag}. */
export const TRACKING_PATHS = { prefix: '/t', open: '/o', click: '/c' } as const;

export const openUrl = (t: TrackingRef) => `${t.baseUrl}${TRACKING_PATHS.prefix}${TRACKING_PATHS.open}/${t.emailId}/${t.key}`;
export const clickUrl = (t: TrackingRef, url: string) => `${t.baseUrl}${TRACKING_PATHS.prefix}${TRACKING_PATHS.click}/${t.emailId}/${t.key}/${linkTag(url)}`;
