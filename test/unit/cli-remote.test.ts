import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, pollUntil, remoteApi, type Remote } from '../../servers/cli/remote.ts';

// The CLI's client of a running Mailgate: its answers and refusals read one
// way for JSON and for a streamed export, and the poll that follows a send or
// an import through the organization's quota.

describe('remoteApi', () => {
  let server: http.Server;
  let url = '';
  /** What the server answers next: status, headers, body. */
  let next: { status: number; headers: Record<string, string>; body: string } = { status: 200, headers: {}, body: '' };

  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      response.writeHead(next.status, next.headers).end(next.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const quotaHeaders = (remaining: number) => ({ 'ratelimit-limit': '100', 'ratelimit-remaining': String(remaining) });
  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('it was not refused'),
      (error: unknown) => error as ApiError,
    );

  it('a stream keeps the quota and reads a refusal as get does: the v2 error and its Retry-After', async () => {
    const remote = remoteApi(url, 'token');
    next = { status: 200, headers: { 'content-type': 'text/csv', ...quotaHeaders(41) }, body: 'email\r\n' };
    expect(await new Response(await remote.stream('/export')).text()).toBe('email\r\n');
    expect(remote.quota()).toEqual({ limit: 100, remaining: 41 });

    next = {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '7', ...quotaHeaders(0) },
      body: JSON.stringify({ name: 'rate_limited', message: 'slow down' }),
    };
    for (const refused of [await refusalOf(remote.stream('/export')), await refusalOf(remote.get('/x'))]) {
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 429, body: { name: 'rate_limited' }, message: 'slow down', retryAfterSeconds: 7 });
    }
    expect(remote.quota()).toEqual({ limit: 100, remaining: 0 });

    next = { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>bad gateway</html>' };
    for (const path of ['/export', '/x']) {
      const refused = await refusalOf(path === '/export' ? remote.stream(path) : remote.get(path));
      expect(refused).toMatchObject({ status: 502, message: `${url}${path} answered 502 with a body that is not JSON` });
      expect(refused.retryAfterSeconds).toBeUndefined();
    }
  });
});

describe('pollUntil', () => {
  type Job = { n: number; done: boolean };
  /** A remote whose reads answer `answers` in turn, with a quota of 100 a minute (a poll every 6 s). */
  function remoteAnswering(answers: (Job | ApiError)[]): Remote & { paths: string[] } {
    const paths: string[] = [];
    return {
      paths,
      async get<T>(path: string) {
        paths.push(path);
        const answer = answers.shift();
        if (answer === undefined) throw new Error('read once too often');
        if (answer instanceof ApiError) throw answer;
        return answer as T;
      },
      post: () => Promise.reject(new Error('no post')),
      stream: () => Promise.reject(new Error('no stream')),
      quota: () => ({ limit: 100, remaining: 50 }),
    };
  }
  const tooMany = (retryAfterSeconds?: number) => new ApiError(429, { name: 'rate_limited' }, retryAfterSeconds);

  it('reads until the record has ended, at the quota’s pace, waiting out a 429 as the server says; each record read is seen', async () => {
    const remote = remoteAnswering([tooMany(3), { n: 1, done: false }, tooMany(), { n: 2, done: true }]);
    const waits: number[] = [];
    const seen: number[] = [];
    const last = await pollUntil<Job>(remote, '/jobs/1', {
      first: { n: 0, done: false },
      ended: (job) => job.done,
      seen: (job) => seen.push(job.n),
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(last).toEqual({ n: 2, done: true });
    expect(seen).toEqual([0, 1, 2]);
    expect(waits).toEqual([6000, 3000, 6000, 6000, 1000, 6000]);
    expect(remote.paths).toEqual(['/jobs/1', '/jobs/1', '/jobs/1', '/jobs/1']);
  });

  it('reads nothing when the record in hand has ended, and hands on any other refusal', async () => {
    const idle = remoteAnswering([]);
    const done = { n: 5, done: true };
    expect(await pollUntil<Job>(idle, '/jobs/1', { first: done, ended: (job) => job.done, seen: () => {}, wait: async () => {} })).toBe(done);
    expect(idle.paths).toEqual([]);

    const gone = new ApiError(404, { name: 'not_found' });
    const refused = pollUntil<Job>(remoteAnswering([gone]), '/jobs/1', {
      first: { n: 0, done: false },
      ended: (job) => job.done,
      seen: () => {},
      wait: async () => {},
    });
    await expect(refused).rejects.toBe(gone);
  });
});
