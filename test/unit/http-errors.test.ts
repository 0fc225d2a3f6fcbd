import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, OAuthError, retryAfterSeconds } from '../../src/index.ts';
import { errorHandler, jsonErrorAnswer, toHttpError, v2ErrorBody } from '../../servers/http/errors.ts';

/** A Fastify error as the framework throws it: a code and a status. */
const fastifyError = (code: string, statusCode: number, message: string) => Object.assign(new Error(message), { code, statusCode });

describe('toHttpError: every error classified once, whichever scope answers it', () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    [
      'an AppError, by its kind',
      new AppError('recipient_rate_limited', 'slow down', { code: 'RECIPIENT_RATE_LIMITED', details: { reason: 'short_window' }, retryAfter: 2.5 }),
      {
        status: 429,
        name: 'recipient_rate_limited',
        message: 'slow down',
        code: 'RECIPIENT_RATE_LIMITED',
        details: { reason: 'short_window' },
        retryAfter: 2.5,
      },
    ],
    ['an OAuthError, by its code', new OAuthError('invalid_client', 'no such client'), { status: 401, name: 'invalid_client', message: 'no such client' }],
    ['an OAuthError with no room', new OAuthError('temporarily_unavailable', 'full'), { status: 503, name: 'temporarily_unavailable', message: 'full' }],
    [
      "Fastify's body too large",
      fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413, 'Request body is too large'),
      { status: 413, name: 'payload_too_large', message: 'Request body is larger than this server accepts' },
    ],
    [
      "Fastify's malformed JSON",
      fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400, 'Body is not valid JSON'),
      { status: 400, name: 'invalid_json', message: 'Request body is not valid JSON: Body is not valid JSON' },
    ],
    [
      "Fastify's unsupported media type",
      fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'Unsupported Media Type'),
      { status: 400, name: 'invalid_json', message: 'Request body must be JSON sent as Content-Type: application/json', wrongContentType: true },
    ],
    ['another 4xx of the framework', fastifyError('FST_ERR_X', 404, 'Not here'), { status: 404, name: 'bad_request', message: 'Not here' }],
    ['anything else', new TypeError('x is undefined'), { status: 500, name: 'internal_error', message: 'An unexpected error occurred; it has been logged' }],
  ])('%s', (_what, error, expected) => {
    expect(toHttpError(error)).toEqual(expected);
  });
});

describe('retryAfterSeconds', () => {
  it('is whole seconds, at least 1, and nothing when no wait is asked', () => {
    expect([0, 0.2, 1, 1.01, 59.5].map((retryAfter) => retryAfterSeconds({ retryAfter }))).toEqual([1, 1, 1, 2, 60]);
    expect(retryAfterSeconds({})).toBeUndefined();
    expect(retryAfterSeconds(new AppError('conflict', 'x'))).toBeUndefined();
  });
});

describe('errorHandler', () => {
  it("answers in the scope's shape with Retry-After, and logs an internal error without showing it", async () => {
    const logged: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line).msg) } } });
    app.setErrorHandler(errorHandler(jsonErrorAnswer(v2ErrorBody), 'thing failed'));
    app.get('/limited', async () => {
      throw new AppError('rate_limit_exceeded', 'Too many requests', { retryAfter: 7.2 });
    });
    app.get('/broken', async () => {
      throw new Error('secret detail');
    });
    const limited = await app.inject('/limited');
    expect([limited.statusCode, limited.headers['retry-after'], limited.json()]).toEqual([
      429,
      '8',
      { name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 },
    ]);
    expect(logged).toEqual([]);
    const broken = await app.inject('/broken');
    expect([broken.statusCode, broken.headers['retry-after'], broken.json()]).toEqual([
      500,
      undefined,
      { name: 'internal_error', message: 'An unexpected error occurred; it has been logged', statusCode: 500 },
    ]);
    expect(logged).toEqual(['thing failed']);
    await app.close();
  });
});
