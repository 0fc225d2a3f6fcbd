import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/server.ts';
import {
  authPlain,
  rawSmtpSession,
  removeTestTls,
  startTestSmtpServer,
  submissionTransport,
  type RawSmtpSession,
  type TestSmtpServer,
} from '../helpers/smtp.ts';

// The submission port keeps its slots for honest clients, tried as an attacker
// on this machine would: other loopback addresses (127.0.0.2, …) are clients of
// their own. Slow connections from one address take only that address's share,
// and slow connections from many cannot take every slot of the server;
// a session that trickles bytes without finishing AUTH, a command or DATA is
// sent away at its deadline; failed AUTH attempts end the connection, then the
// address for a while.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Send a byte every `everyMs` (never a line end) until the session closes; how long it stayed open. */
async function trickle(s: RawSmtpSession, everyMs: number, limitMs: number): Promise<number> {
  const start = Date.now();
  let open = true;
  void s.closed.then(() => (open = false));
  while (open && Date.now() - start < limitMs) {
    s.write('N');
    await sleep(everyMs);
  }
  return Date.now() - start;
}

describe('SMTP slots under slow clients', () => {
  let server: TestSmtpServer;
  const sessions: RawSmtpSession[] = [];

  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { SMTP_AUTH_TIMEOUT_SECONDS: '30' } });
  });
  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await server?.close();
    await removeTestTls();
  });

  it('256 slow connections from 127.0.0.2 take its 20 slots; nodemailer from 127.0.0.1 still sends', async () => {
    for (let i = 0; i < 256; i++) sessions.push(rawSmtpSession(server.smtpPort, '127.0.0.2'));
    const greetings = await Promise.all(sessions.map((s) => s.greeting));
    expect(greetings.filter((g) => g.code === 220)).toHaveLength(20);
    const refused = greetings.filter((g) => g.code === 421);
    expect(refused).toHaveLength(236);
    expect(refused[0]!.text).toBe('4.7.0 Too many connections from this address, try again later');
    // The twenty that got in trickle bytes; none of it is a command.
    for (const s of sessions) s.write('E');

    const transport = submissionTransport(server);
    try {
      const info = await transport.sendMail({ from: 'app@acme.example', to: 'delivered+slots@mailgate.test', subject: 'Still open', text: 'hello' });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as eml_/);
    } finally {
      transport.close();
    }
    // Another address has a share of its own.
    const other = rawSmtpSession(server.smtpPort, '127.0.0.3');
    expect((await other.greeting).code).toBe(220);
    other.destroy();
  });

  it('gives the slots back when the connections close', async () => {
    for (const s of sessions.splice(0)) s.destroy();
    await sleep(200);
    const again = rawSmtpSession(server.smtpPort, '127.0.0.2');
    expect((await again.greeting).code).toBe(220);
    again.destroy();
  });
});

describe('SMTP slots under slow clients from many addresses', () => {
  let server: TestSmtpServer;
  const sessions: RawSmtpSession[] = [];
  const evicted = 'Too many connections: this unauthenticated session makes room for a less busy address, try again later';
  /** What each session that got in heard next (nothing while it holds its slot). */
  const farewells: string[] = [];

  beforeAll(async () => {
    // The defaults: at most 256 connections in all, 20 per address. Both ports share them.
    server = await startTestSmtpServer({ implicitTls: true, env: { SMTP_AUTH_TIMEOUT_SECONDS: '30' } });
  });
  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await server?.close();
    await removeTestTls();
  });

  it('300 silent connections from 15 addresses do not keep an honest client out of either port', async () => {
    for (let n = 2; n <= 16; n++) for (let i = 0; i < 20; i++) sessions.push(rawSmtpSession(server.smtpPort, `127.0.0.${n}`));
    const greetings = await Promise.all(sessions.map((s) => s.greeting));
    // The server filled up: later connections from addresses under their share took the place of
    // earlier ones, the others were refused (how many of each depends on the order they arrived in).
    const refused = greetings.filter((g) => g.code !== 220);
    const full = '421 4.7.0 Too many connections to this server, try again later';
    expect(new Set(refused.map((g) => `${g.code} ${g.text}`))).toEqual(new Set(refused.length > 0 ? [full] : []));
    sessions.forEach((s, i) => {
      if (greetings[i]!.code === 220) void s.reply().then((r) => farewells.push(`${r.code} ${r.text}`));
    });
    const open = () => greetings.filter((g) => g.code === 220).length - farewells.length;
    await waitFor(async () => (open() === 256 ? true : undefined), 5_000, 'the flood to settle at 256 open sessions');
    expect(new Set(farewells)).toEqual(new Set(farewells.length > 0 ? [`421 4.7.0 ${evicted}`] : []));
    const before = farewells.length;

    // Pooled, so that its authenticated session stays open for the rest of the test.
    const transport = submissionTransport(server, server.token, { pool: true, maxConnections: 1 });
    const secure = submissionTransport(server, server.token, { port: server.smtpsPort, secure: true, requireTLS: false });
    try {
      const info = await transport.sendMail({ from: 'app@acme.example', to: 'delivered+flood@mailgate.test', subject: 'Through the flood', text: 'hello' });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as eml_/);
      // Its place was made by closing one silent session, which was told why.
      await waitFor(async () => (farewells.length > before ? true : undefined), 2_000, 'a session to make room');
      expect(farewells.slice(before)).toEqual([`421 4.7.0 ${evicted}`]);

      // The implicit-TLS port shares the same slots: getting in there closes another silent
      // session of the STARTTLS port, never the authenticated one still open.
      const again = await secure.sendMail({ from: 'app@acme.example', to: 'delivered+flood2@mailgate.test', subject: 'Through the flood, TLS', text: 'hello' });
      expect(again.response).toMatch(/^250 2\.0\.0 Ok: queued as eml_/);
      await waitFor(async () => (farewells.length === before + 2 ? true : undefined), 2_000, 'a second session to make room');
      expect(farewells.slice(before)).toEqual([`421 4.7.0 ${evicted}`, `421 4.7.0 ${evicted}`]);
    } finally {
      transport.close();
      secure.close();
    }
  });
});

describe('SMTP session deadlines', () => {
  let server: TestSmtpServer;

  beforeAll(async () => {
    server = await startTestSmtpServer({
      env: { SMTP_AUTH_TIMEOUT_SECONDS: '1', SMTP_IDLE_TIMEOUT_SECONDS: '2', SMTP_DATA_TIMEOUT_SECONDS: '1', SMTP_ALLOW_INSECURE_AUTH: 'true' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestTls();
  });

  it('sends away a client that has not authenticated in time, whatever it trickles in', async () => {
    const s = rawSmtpSession(server.smtpPort);
    expect((await s.greeting).code).toBe(220);
    expect((await s.command('EHLO slow.test')).code).toBe(250);
    const farewell = s.reply();
    const open = await trickle(s, 200, 5_000);
    expect(await farewell).toEqual({ code: 421, text: '4.7.0 Authentication took too long, closing connection' });
    expect(open).toBeGreaterThanOrEqual(800);
    expect(open).toBeLessThan(2_500);
  });

  it('sends away an authenticated session that completes no command for the idle time', async () => {
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO idle.test');
    expect((await s.command(`AUTH PLAIN ${authPlain(server.token)}`)).code).toBe(235);
    const farewell = s.reply();
    const open = await trickle(s, 200, 6_000);
    expect(await farewell).toEqual({ code: 421, text: '4.4.2 Idle for too long, closing connection' });
    expect(open).toBeGreaterThanOrEqual(1_800);
    expect(open).toBeLessThan(3_500);
  });

  it('stops a DATA that does not end in time, and keeps nothing of it', async () => {
    const before = ((await (await server.api('/api/v2/emails?limit=100')).json()) as { data: unknown[] }).data.length;
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO data.test');
    expect((await s.command(`AUTH PLAIN ${authPlain(server.token)}`)).code).toBe(235);
    expect((await s.command('MAIL FROM:<app@acme.example>')).code).toBe(250);
    expect((await s.command('RCPT TO:<delivered+data@mailgate.test>')).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@acme.example\r\nSubject: slow\r\n\r\n');
    const farewell = s.reply();
    const open = await trickle(s, 100, 5_000);
    expect(await farewell).toEqual({ code: 421, text: '4.4.2 The message took longer than 1 s to arrive, closing connection; nothing was kept' });
    expect(open).toBeLessThan(2_500);
    await sleep(100);
    expect(((await (await server.api('/api/v2/emails?limit=100')).json()) as { data: unknown[] }).data).toHaveLength(before);
  });

  it('lets a session that keeps working stay past every deadline', async () => {
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO busy.test');
    expect((await s.command(`AUTH PLAIN ${authPlain(server.token)}`)).code).toBe(235);
    for (let i = 0; i < 5; i++) {
      await sleep(700);
      expect((await s.command('NOOP')).code).toBe(250);
    }
    s.destroy();
  });
});

describe('SMTP failed authentication', () => {
  let server: TestSmtpServer;

  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { SMTP_ALLOW_INSECURE_AUTH: 'true', SMTP_MAX_AUTH_FAILURES: '3', SMTP_MAX_AUTH_FAILURES_PER_ADDRESS: '5' } });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestTls();
  });

  const wrong = authPlain('mailgate_wrong_token_00000000000000000000');

  it('ends a connection at its third failed AUTH', async () => {
    const s = rawSmtpSession(server.smtpPort, '127.0.0.5');
    await s.greeting;
    await s.command('EHLO guess.test');
    expect((await s.command(`AUTH PLAIN ${wrong}`)).code).toBe(535);
    expect((await s.command(`AUTH PLAIN ${wrong}`)).code).toBe(535);
    expect(await s.command(`AUTH PLAIN ${wrong}`)).toEqual({ code: 421, text: '4.7.0 Too many failed authentication attempts, try again later' });
    await s.closed;
  });

  it('then refuses the address that keeps failing, at AUTH and at connect; other addresses and the right token elsewhere are untouched', async () => {
    const s = rawSmtpSession(server.smtpPort, '127.0.0.5');
    await s.greeting;
    await s.command('EHLO guess.test');
    expect((await s.command(`AUTH PLAIN ${wrong}`)).code).toBe(535);
    // The fifth failure from this address in 10 minutes: locked out.
    expect((await s.command(`AUTH PLAIN ${wrong}`)).code).toBe(421);
    const next = rawSmtpSession(server.smtpPort, '127.0.0.5');
    expect(await next.greeting).toEqual({ code: 421, text: '4.7.0 Too many failed authentication attempts, try again later' });

    const honest = rawSmtpSession(server.smtpPort, '127.0.0.6');
    await honest.greeting;
    await honest.command('EHLO honest.test');
    expect((await honest.command(`AUTH PLAIN ${authPlain(server.token)}`)).code).toBe(235);
    honest.destroy();
  });
});
