// One attempt to deliver one event: the payload POSTed, signed by the Standard
// Webhooks scheme, by the one bounded request (outbound/http-request.ts), and
// what came of it in the words a delivery records. The worker's deliveries
// (deliver.ts) and a test event sent at once (test_webhook) both end here.
import { Webhook } from 'standardwebhooks';
import { sendBoundedRequest, type BoundedAnswer, type BoundedFailure } from '../outbound/http-request.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer's body is kept on the delivery. */
export const RESPONSE_EXCERPT_BYTES = 500;
const USER_AGENT = 'Mailgate-Webhooks/1.0';

/** How attempts go out: where they may go, how names resolve, how long one may take. */
export interface WebhookPoster {
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private targets are fine. */
  allowPrivate: boolean;
  /** Resolve a host name: bounded, and not on the threads that sync the database (createCore gives DNS's). */
  lookup: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** The whole attempt: resolving the host, connecting, and the answer. */
  timeoutMs: number;
}

/** An attempt's outcome: the HTTP status (null when there was no answer) and the start of the answer, or what went wrong; `refused` when it was not sent (a private address). */
export interface PostOutcome {
  refused: boolean;
  status: number | null;
  excerpt: string;
}

function answerOf(result: BoundedAnswer | Exclude<BoundedFailure, { failure: 'private' }>, url: URL, timeoutMs: number): PostOutcome {
  if (!('failure' in result)) return { refused: false, status: result.status, excerpt: result.body.toString('utf8') };
  switch (result.failure) {
    case 'unresolvable':
      return { refused: false, status: null, excerpt: `${url.hostname} does not resolve` };
    case 'resolve_timeout':
      return { refused: false, status: null, excerpt: `${url.hostname} did not resolve within ${timeoutMs / 1000} s` };
    case 'timeout':
      return { refused: false, status: null, excerpt: `no complete answer within ${timeoutMs / 1000} s` };
    case 'failed':
      return { refused: false, status: null, excerpt: `the request failed: ${result.message}` };
  }
}

/**
 * POST one event to a webhook's URL, signed with its secret; `id` is the
 * webhook-id header (the same on every attempt of a delivery). Never throws for
 * what the endpoint does: that is the outcome.
 */
export async function postWebhookEvent(
  poster: WebhookPoster,
  event: { url: string; secret: string; id: string; payload: string },
  now: number,
): Promise<PostOutcome> {
  const url = new URL(event.url);
  const signature = new Webhook(event.secret).sign(event.id, new Date(now), event.payload);
  const result = await sendBoundedRequest(url, {
    method: 'POST',
    headers: {
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now / 1000)),
      'webhook-signature': signature,
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
    },
    body: event.payload,
    allowPrivate: poster.allowPrivate,
    // Bounded, and not on the threads that sync the database: a name server that does not answer ends the attempt, not the worker's patience.
    lookup: poster.lookup,
    timeoutMs: poster.timeoutMs,
    maxBytes: RESPONSE_EXCERPT_BYTES,
  });
  if ('failure' in result && result.failure === 'private') {
    return { refused: true, status: null, excerpt: `refused: ${url.hostname} is a private, loopback or link-local address` };
  }
  return answerOf(result, url, poster.timeoutMs);
}
