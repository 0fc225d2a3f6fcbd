import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { AppError } from '../../src/errors.ts';
import * as m0015 from '../../src/db/migrations/0015_oauth_client_expiry.ts';
import { createRegistrationLimit, REGISTRATION_WINDOW_MS } from '../../src/limits/registration-limit.ts';
import { MCP_RESOURCE_PATH, OAuthError, parseRegistration, REGISTRATION_BOUNDS, type RegisteredClient } from '../../src/oauth/index.ts';
import { useTestCore, type TestCore } from '../helpers/core.ts';
import { createTestDatabase } from '../helpers/db.ts';

// Dynamic client registration is open to anyone: what a registration may keep,
// how many one address may make, how many are kept in all, and when unused ones go.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof OAuthError) return { error: error.code, error_description: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('what a registration may keep', () => {
  const uri = (length: number, n = 0) => `https://app.example/${String(n).padStart(3, '0')}/${'a'.repeat(length - 24)}`;

  it('keeps the redirect URIs and the name, and answers the grant and response types once each', () => {
    expect(
      parseRegistration({
        redirect_uris: ['http://127.0.0.1:4567/cb'],
        client_name: 'Agent',
        grant_types: ['authorization_code', 'authorization_code'],
        logo_uri: 'https://x.example/l.png',
      }),
    ).toEqual({ clientName: 'Agent', redirectUris: ['http://127.0.0.1:4567/cb'], grantTypes: ['authorization_code'], responseTypes: ['code'] });
  });

  it('refuses more redirect URIs, longer ones, or a longer name than it keeps, as invalid_client_metadata', () => {
    expect(uri(512)).toHaveLength(512);
    expect(parseRegistration({ redirect_uris: [uri(512)] }).redirectUris).toEqual([uri(512)]);
    expect(refusal(() => parseRegistration({ redirect_uris: [uri(513)] }))).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'a redirect URI may be at most 512 characters long (one is 513)',
    });
    const eleven = Array.from({ length: 11 }, (_, n) => `https://app.example/${n}`);
    expect(parseRegistration({ redirect_uris: eleven.slice(0, 10) }).redirectUris).toHaveLength(10);
    expect(refusal(() => parseRegistration({ redirect_uris: eleven }))).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'redirect_uris may hold at most 10 URIs (this one holds 11)',
    });
    const five = Array.from({ length: 5 }, (_, n) => uri(500, n));
    expect(parseRegistration({ redirect_uris: five.slice(0, 4) }).redirectUris).toHaveLength(4);
    expect(refusal(() => parseRegistration({ redirect_uris: five }))).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'the redirect URIs may be at most 2048 characters long together (these are 2500)',
    });
    expect(parseRegistration({ redirect_uris: [uri(100)], client_name: 'n'.repeat(200) }).clientName).toHaveLength(200);
    expect(refusal(() => parseRegistration({ redirect_uris: [uri(100)], client_name: 'n'.repeat(201) }))).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'client_name must be text of at most 200 characters',
    });
  });

  it('keeps a few KB at most, whatever is asked', () => {
    const bounds = REGISTRATION_BOUNDS;
    const largest = parseRegistration({
      redirect_uris: Array.from({ length: 4 }, (_, n) => uri(bounds.redirectUrisLength / 4, n)),
      client_name: '\u{1F4E8}'.repeat(bounds.clientNameLength / 2),
    });
    const kept = Buffer.byteLength(JSON.stringify(largest.redirectUris)) + Buffer.byteLength(largest.clientName!);
    expect(kept).toBeGreaterThan(2048);
    expect(kept).toBeLessThan(3 * 1024);
  });

  it('still refuses what it always refused, as before', () => {
    expect(refusal(() => parseRegistration({ redirect_uris: [] })).error).toBe('invalid_redirect_uri');
    expect(refusal(() => parseRegistration({ redirect_uris: ['http://evil.example/cb'] })).error).toBe('invalid_redirect_uri');
    const confidential = { redirect_uris: ['https://ok.example/cb'], token_endpoint_auth_method: 'client_secret_basic' };
    expect(refusal(() => parseRegistration(confidential)).error).toBe('invalid_client_metadata');
    expect(refusal(() => parseRegistration([1])).error).toBe('invalid_client_metadata');
  });
});

describe('registrations per address', () => {
  const refused = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return { kind: (error as AppError).kind, retryAfter: (error as AppError).retryAfter, message: (error as AppError).message };
    }
    return null;
  };

  it('admits 10 in any hour from one address, then says how long to wait until the oldest leaves the hour', () => {
    const clock = new ManualClock();
    const limit = createRegistrationLimit(10, clock);
    for (let i = 0; i < 5; i++) limit.admit('203.0.113.7');
    clock.advance(30 * 60 * 1000);
    for (let i = 0; i < 5; i++) limit.admit('203.0.113.7');
    expect(refused(() => limit.admit('203.0.113.7'))).toEqual({
      kind: 'rate_limit_exceeded',
      retryAfter: 1800,
      message: 'Too many client registrations from this address (at most 10 an hour); retry after 1800 s, or reuse the client already registered',
    });
    // Another address has its own hour.
    expect(refused(() => limit.admit('203.0.113.8'))).toBeNull();
    clock.advance(30 * 60 * 1000 - 1);
    expect(refused(() => limit.admit('203.0.113.7'))).toMatchObject({ retryAfter: 1 });
    clock.advance(1);
    // The first five left the hour: five more, then the wait for the next five.
    for (let i = 0; i < 5; i++) expect(refused(() => limit.admit('203.0.113.7'))).toBeNull();
    expect(refused(() => limit.admit('203.0.113.7'))).toMatchObject({ retryAfter: 1800 });
    expect(REGISTRATION_WINDOW_MS).toBe(HOUR);
  });

  it('counts an IPv6 address by its /64, as the per-IP rate does', () => {
    const limit = createRegistrationLimit(2, new ManualClock());
    limit.admit('2001:db8:1:2::1');
    limit.admit('2001:db8:1:2:ffff::9');
    expect(refused(() => limit.admit('2001:db8:1:2::3'))).toMatchObject({ kind: 'rate_limit_exceeded' });
    expect(refused(() => limit.admit('2001:db8:1:3::1'))).toBeNull();
  });
});

describe('registered clients in the database', () => {
  let t: TestCore;
  useTestCore({ env: { OAUTH_MAX_CLIENTS: '3', BASE_URL: 'https://mail.example' } }, (started) => (t = started));

  const register = (address = '198.51.100.1') => t.core.oauth.register({ redirect_uris: ['http://127.0.0.1:4567/cb'], client_name: 'Agent' }, address);
  const clientIds = async () =>
    (await t.database.handle.db.selectFrom('oauth_clients').select('client_id').orderBy('client_id').execute()).map((r) => r.client_id);

  /** An authorization approved with the organization's token, and its code exchanged: the client has been used. */
  async function signIn(client: RegisteredClient) {
    const verifier = 'v'.repeat(43);
    const request = await t.core.oauth.checkAuthorization({
      client_id: client.client_id,
      redirect_uri: 'http://127.0.0.1:4567/cb',
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      resource: `https://mail.example${MCP_RESOURCE_PATH}`,
    });
    const { code } = await t.core.oauth.approve(request, `mailgate_${'c'.repeat(40)}`);
    return () =>
      t.core.oauth.token({
        grant_type: 'authorization_code',
        code,
        client_id: client.client_id,
        redirect_uri: 'http://127.0.0.1:4567/cb',
        code_verifier: verifier,
        resource: `https://mail.example${MCP_RESOURCE_PATH}`,
      });
  }

  it('deletes a client never used a day after it registered, and one unused for 90 days', async () => {
    const unused = await register();
    const used = await register();
    const tokens = await (await signIn(used))();
    t.clock.advance(DAY - 1);
    expect(await t.core.oauth.purgeExpiredClients(t.clock.now())).toBe(0);
    t.clock.advance(1);
    expect(await t.core.oauth.purgeExpiredClients(t.clock.now())).toBe(1);
    expect(await clientIds()).toEqual([used.client_id]);
    await expect(t.core.oauth.client(unused.client_id)).rejects.toMatchObject({ code: 'invalid_client' });

    // A refresh is a use: the 90 days start again from it.
    t.clock.advance(20 * DAY);
    const refreshed = await t.core.oauth.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: used.client_id });
    t.clock.advance(90 * DAY - 1);
    expect(await t.core.oauth.purgeExpiredClients(t.clock.now())).toBe(0);
    t.clock.advance(1);
    expect(await t.core.oauth.purgeExpiredClients(t.clock.now())).toBe(1);
    expect(await clientIds()).toEqual([]);
    // Its grant, unused as long, had expired long before (refresh tokens last 30 days).
    await expect(t.core.oauth.token({ grant_type: 'refresh_token', refresh_token: refreshed.refresh_token, client_id: used.client_id })).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'the refresh token has expired',
    });
  });

  it('gives a client deleted meanwhile (another process swept it) nothing more: no code exchange, no refresh', async () => {
    const gone = `(unused registrations expire); register again`;
    const deleteClient = (clientId: string) => t.database.handle.db.deleteFrom('oauth_clients').where('client_id', '=', clientId).execute();
    const late = await register();
    const exchange = await signIn(late);
    await deleteClient(late.client_id);
    await expect(exchange()).rejects.toMatchObject({ code: 'invalid_client', message: `no client ${late.client_id} is registered ${gone}` });

    const client = await register();
    const tokens = await (await signIn(client))();
    await deleteClient(client.client_id);
    await expect(t.core.oauth.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id })).rejects.toMatchObject({
      code: 'invalid_client',
      message: `no client ${client.client_id} is registered ${gone}`,
    });
  });

  it('keeps at most OAUTH_MAX_CLIENTS; when full, what expired makes room, else temporarily_unavailable', async () => {
    for (let i = 0; i < 3; i++) await register(`198.51.100.${i + 1}`);
    await expect(register('198.51.100.9')).rejects.toMatchObject({
      code: 'temporarily_unavailable',
      message:
        'this server keeps at most 3 registered clients and holds that many; unused ones expire, so try again later, ' +
        'or identify the client by a Client ID Metadata Document URL',
    });
    t.clock.advance(DAY);
    // No housekeeping ran: registering finds the room itself.
    const next = await register('198.51.100.9');
    expect(await clientIds()).toEqual([next.client_id]);
  });

  it('checks the metadata before counting a registration against its address', async () => {
    for (let i = 0; i < 5; i++) {
      const refused = t.core.oauth.register({ redirect_uris: ['http://evil.example/cb'] }, '198.51.100.1');
      await expect(refused).rejects.toMatchObject({ code: 'invalid_redirect_uri' });
    }
    // Ten valid ones are counted (three are kept, the full table refuses the rest); the eleventh is one too many.
    const answers: string[] = [];
    for (let i = 0; i < 10; i++)
      answers.push(
        await register().then(
          () => 'ok',
          (error: OAuthError) => error.code,
        ),
      );
    expect(answers).toEqual([...Array(3).fill('ok'), ...Array(7).fill('temporarily_unavailable')]);
    await expect(register()).rejects.toMatchObject({ kind: 'rate_limit_exceeded', retryAfter: 3600 });
  });

  it('forgets metadata documents whose cache ended; several sweeps at once delete each client once', async () => {
    const db = t.database.handle.db;
    const now = t.clock.now();
    const cached = (client_id: string, expires_at: number) => ({
      client_id,
      kind: 'metadata_document' as const,
      client_name: null,
      redirect_uris: '[]',
      created_at: now,
      expires_at,
      last_used_at: null,
    });
    await db
      .insertInto('oauth_clients')
      .values([cached('https://a.example/c.json', now), cached('https://b.example/c.json', now + 1)])
      .execute();
    await register();
    await register();
    t.clock.advance(DAY);
    const deleted = await Promise.all([1, 2, 3].map(() => t.core.oauth.purgeExpiredClients(t.clock.now())));
    expect(deleted.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await clientIds()).toEqual([]);
  });
});

describe('migration 0015', () => {
  it('gives clients registered before it the time of their newest token or code, so a client in use is not taken for an unused one', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db as unknown as Kysely<any>;
      await m0015.down(db);
      const org = { id: 'org_m' };
      await db.insertInto('organizations').values({ id: org.id, name: 'm', plan: 'free', created_at: 1 }).execute();
      const client = (client_id: string, kind = 'registered') => ({ client_id, kind, client_name: null, redirect_uris: '[]', created_at: 1, expires_at: null });
      const clients = [client('mgc_tokens'), client('mgc_code'), client('mgc_never'), client('https://d.example/c.json', 'metadata_document')];
      await db.insertInto('oauth_clients').values(clients).execute();
      const grant = { client_id: 'mgc_tokens', organization_id: org.id, api_token_id: 'tok_x', scope: 'read', resource: 'r', used_at: null };
      await db
        .insertInto('oauth_tokens')
        .values([
          { ...grant, token_hash: 'h1', kind: 'access', family_id: 'f', expires_at: 9, revoked_at: null, created_at: 500 },
          { ...grant, token_hash: 'h2', kind: 'refresh', family_id: 'f', expires_at: 9, revoked_at: null, created_at: 700 },
        ])
        .execute();
      await db
        .insertInto('oauth_codes')
        .values({ ...grant, client_id: 'mgc_code', code_hash: 'c1', redirect_uri: 'u', code_challenge: 'x', expires_at: 9, family_id: null, created_at: 300 })
        .execute();
      await m0015.up(db);
      const rows = await db.selectFrom('oauth_clients').select(['client_id', 'last_used_at']).orderBy('client_id').execute();
      expect(rows.map((r: { client_id: string; last_used_at: unknown }) => [r.client_id, r.last_used_at === null ? null : Number(r.last_used_at)])).toEqual([
        ['https://d.example/c.json', null],
        ['mgc_code', 300],
        ['mgc_never', null],
        ['mgc_tokens', 700],
      ]);
    } finally {
      await database.cleanup();
    }
  });
});
