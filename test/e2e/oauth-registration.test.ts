import http from 'node:http';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { discoverOAuth, oauthTester, type OAuthTester } from '../helpers/oauth.ts';
import { freePort } from '../helpers/process.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * Dynamic client registration (RFC 7591) is open to anyone, so it is bounded:
 * per client address (other loopback addresses, 127.0.0.2 …, are clients of
 * their own), in size, in number, and in time: the worker's housekeeping deletes
 * clients that were never used, or not for long. oauth4webapi registers and
 * signs in as an agent does; raw requests check the refusals' exact shape.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const redirectUri = 'http://127.0.0.1:4567/cb';
const EXPIRE_HINT = 'unused ones expire, so try again later, or identify the client by a Client ID Metadata Document URL';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

describe('OAuth dynamic registration, bounded', () => {
  let server: TestServer;
  let tester: OAuthTester;
  const clock = new ManualClock(Date.now());
  const registered: oauth.Client[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer({
      clock,
      // The worker runs: its housekeeping is what deletes expired clients.
      env: { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, OAUTH_MAX_CLIENTS: '12' },
    });
    tester = oauthTester(server.url, await discoverOAuth(server.url), redirectUri);
  });
  afterAll(() => server?.close());

  /** POST /oauth/register from a client address of our choice. */
  function register(body: unknown, localAddress = '127.0.0.1'): Promise<Answer> {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        new URL('/oauth/register', server.url),
        { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** Is the client still registered? Its authorization page answers 200, or names it unknown. */
  async function isRegistered(client: oauth.Client): Promise<boolean> {
    const page = await fetch(tester.authorizeUrl(client, await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), 's'));
    const html = await page.text();
    if (page.status === 200) return true;
    expect(html).toContain(`no client ${client.client_id} is registered (invalid_client)`);
    return false;
  }

  it('registers 10 clients an hour from one address; the 11th is 429 with Retry-After, in RFC 7591 error form', async () => {
    for (let i = 0; i < 10; i++) registered.push(await tester.registerClient());
    expect(registered.map((c) => c.client_id)).toEqual(registered.map(() => expect.stringMatching(/^mgc_/)));
    const refused = await register({ redirect_uris: [redirectUri], client_name: 'Eleventh' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.body).toEqual({
      error: 'rate_limited',
      error_description: 'Too many client registrations from this address (at most 10 an hour); retry after 3600 s, or reuse the client already registered',
    });
    // oauth4webapi sees the refusal as an OAuth error response.
    await expect(tester.registerClient()).rejects.toMatchObject({ status: 429, error: 'rate_limited' });
    // Another address has an hour of its own.
    const other = await register({ redirect_uris: [redirectUri], client_name: 'Neighbour' }, '127.0.0.2');
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ client_name: 'Neighbour', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
    // Half an hour on, the wait is half as long.
    clock.advance(HOUR / 2);
    expect((await register({ redirect_uris: [redirectUri] })).headers['retry-after']).toBe('1800');
  });

  it('refuses metadata larger than it keeps as invalid_client_metadata, and a body past 64 KB, before counting anything', async () => {
    const cases: [unknown, string][] = [
      [{ redirect_uris: Array.from({ length: 11 }, (_, n) => `https://app.example/${n}`) }, 'redirect_uris may hold at most 10 URIs (this one holds 11)'],
      [{ redirect_uris: [`https://app.example/${'a'.repeat(493)}`] }, 'a redirect URI may be at most 512 characters long (one is 513)'],
      [
        { redirect_uris: Array.from({ length: 5 }, (_, n) => `https://app.example/${n}/${'a'.repeat(478)}`) },
        'the redirect URIs may be at most 2048 characters long together (these are 2500)',
      ],
      [{ redirect_uris: [redirectUri], client_name: 'n'.repeat(201) }, 'client_name must be text of at most 200 characters'],
    ];
    for (const [body, description] of cases) {
      // From 127.0.0.1, over its rate: bad metadata is told so all the same.
      const answer = await register(body);
      expect([answer.status, answer.body]).toEqual([400, { error: 'invalid_client_metadata', error_description: description }]);
    }
    const huge = await register({ redirect_uris: [redirectUri], jwks: { keys: [{ n: 'x'.repeat(70 * 1024) }] } }, '127.0.0.3');
    expect([huge.status, huge.body]).toEqual([413, { error: 'invalid_request', error_description: 'the request body is too large' }]);
    // None of these counted against 127.0.0.3's hour.
    for (let i = 0; i < 10; i++) expect((await register({ redirect_uris: [redirectUri] }, '127.0.0.3')).status, `registration ${i + 1}`).not.toBe(429);
  });

  it('keeps at most OAUTH_MAX_CLIENTS; past it, 503 temporarily_unavailable', async () => {
    // 10 + 1 + 1 (127.0.0.3's first) = 12: the rest of 127.0.0.3's were refused for room.
    const full = await register({ redirect_uris: [redirectUri] }, '127.0.0.4');
    expect([full.status, full.body]).toEqual([
      503,
      {
        error: 'temporarily_unavailable',
        error_description: `this server keeps at most 12 registered clients and holds that many; ${EXPIRE_HINT}`,
      },
    ]);
  });

  it('the housekeeping deletes clients never used after a day, and clients unused for 90 days', async () => {
    const used = registered[0]!;
    const tokens = await tester.signIn(used, server.token);
    expect(tokens.scope).toBe('read write');
    clock.advance(DAY);
    await waitFor(async () => ((await isRegistered(registered[1]!)) ? undefined : true), 5_000, 'the unused clients to be deleted');
    for (const client of registered.slice(1)) expect(await isRegistered(client)).toBe(false);
    expect(await isRegistered(used)).toBe(true);
    // There is room again, and 127.0.0.1's hour has long passed.
    expect((await register({ redirect_uris: [redirectUri] })).status).toBe(201);

    clock.advance(90 * DAY);
    await waitFor(async () => ((await isRegistered(used)) ? undefined : true), 5_000, 'the idle client to be deleted');
  });
});
