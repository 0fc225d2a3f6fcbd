import { X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers/db.ts';
import { waitFor } from '../helpers/server.ts';
import { authPlain, rawSmtpSession } from '../helpers/smtp.ts';
import {
  apiCall,
  createProcessDatabase,
  freePort,
  runMailgateToExit,
  startMailgateProcess,
  type MailgateProcess,
  type ProcessDatabase,
} from '../helpers/process.ts';

// The SMTP listener as `npm start` runs it: a certificate generated into DATA_DIR
// at first start and reused after, a clean SIGTERM, and a SIGKILL in the middle
// of DATA that loses what was accepted before it and stores nothing of the rest;
// the implicit-TLS port when SMTPS_PORT asks for it, and none when it does not;
// and a start refused when SMTP_MAX_BUFFERED_BYTES could never hold one message.

const TOKEN = 'mailgate_smtp_process_token_0123456789ab';

interface EmailList {
  data: { id: string; to: string[]; last_event: string }[];
}

async function emails(proc: MailgateProcess): Promise<EmailList['data']> {
  const res = await apiCall(proc.url, TOKEN, '/api/v2/emails?limit=100');
  expect(res.status).toBe(200);
  return ((await res.json()) as EmailList).data;
}

describe('the SMTP listener of a Mailgate process', () => {
  const processes: MailgateProcess[] = [];
  let database: ProcessDatabase | undefined;

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await database?.cleanup();
    database = undefined;
  });

  // A configuration is refused before the database is opened: the same on either engine, so those tests run on SQLite's pass only.
  const onPostgres = Boolean(testDatabaseUrl);

  async function start(smtpPort: number, env: Record<string, string> = {}): Promise<MailgateProcess> {
    const proc = await startMailgateProcess(
      {
        ...database!.env,
        ...env,
        SMTP_PORT: String(smtpPort),
        SMTP_HOSTNAME: 'localhost',
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
        LOG_LEVEL: 'info',
        // A job the killed process had claimed comes back to the next one when its lease runs out.
        DELIVERY_LEASE_SECONDS: '2',
      },
      30_000,
    );
    processes.push(proc);
    return proc;
  }

  it('generates its certificate into DATA_DIR at first start, serves STARTTLS with it, and reuses it after a clean restart', { timeout: 60_000 }, async () => {
    database = await createProcessDatabase();
    const smtpPort = await freePort();
    const first = await start(smtpPort);
    const certPath = path.join(database.env.DATA_DIR!, 'tls', 'smtp-cert.pem');
    expect(first.output()).toContain(`Generated a self-signed SMTP certificate for localhost: ${certPath}`);
    expect(first.output()).toMatch(new RegExp(`SMTP submission listening on 127\\.0\\.0\\.1:${smtpPort} \\(STARTTLS\\)`));
    const cert = await fs.readFile(certPath);
    expect(new X509Certificate(cert).subjectAltName).toContain('DNS:localhost');
    const keyMode = (await fs.stat(path.join(database.env.DATA_DIR!, 'tls', 'smtp-key.pem'))).mode & 0o777;
    expect(keyMode).toBe(0o600);

    const mailer = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      requireTLS: true,
      tls: { ca: [cert], servername: 'localhost' },
      auth: { user: 'mailgate', pass: TOKEN },
    });
    const info = await mailer.sendMail({ from: 'app@example.com', to: 'delivered@mailgate.test', subject: 'From a process', text: 'hi' });
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as eml_[0-9a-z]{26}$/);
    await waitFor(async () => ((await emails(first)).some((e) => e.last_event === 'delivered') ? true : undefined), 15_000, 'delivery');

    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const second = await start(smtpPort);
    expect(second.output()).not.toContain('Generated a self-signed SMTP certificate');
    expect(Buffer.compare(await fs.readFile(certPath), cert)).toBe(0);
    const again = await mailer.sendMail({ from: 'app@example.com', to: 'delivered+2@mailgate.test', subject: 'Again', text: 'hi' });
    expect(again.response).toMatch(/^250 2\.0\.0 Ok: queued as /);
  });

  it('loses nothing it acknowledged and stores nothing of a message cut off by SIGKILL in the middle of DATA', async () => {
    database = await createProcessDatabase();
    const smtpPort = await freePort();
    const first = await start(smtpPort);

    const s = rawSmtpSession(smtpPort);
    await s.greeting;
    await s.command('EHLO client.test');
    await s.startTls();
    await s.command('EHLO client.test');
    expect((await s.command(`AUTH PLAIN ${authPlain(TOKEN)}`)).code).toBe(235);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect((await s.command('RCPT TO:<kept@example.org>')).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@example.com\r\nTo: kept@example.org\r\nSubject: kept\r\n\r\nkept\r\n.\r\n');
    const kept = await s.reply();
    expect(kept.code).toBe(250);
    const keptId = kept.text.replace('2.0.0 Ok: queued as ', '');

    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect((await s.command('RCPT TO:<cut@example.org>')).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@example.com\r\nTo: cut@example.org\r\nSubject: cut\r\n\r\nhalf of it');
    await new Promise((r) => setTimeout(r, 100));
    expect((await first.stop('SIGKILL')).signal).toBe('SIGKILL');
    await s.closed;

    const second = await start(smtpPort);
    const list = await emails(second);
    expect(list.map((e) => e.to)).toEqual([['kept@example.org']]);
    expect(list[0]!.id).toBe(keptId);
    // Capture delivery of the acknowledged message happens, whether or not the first process got to it.
    await waitFor(async () => ((await emails(second))[0]!.last_event === 'delivered' ? true : undefined), 15_000, 'delivery after restart');
  });

  it('serves implicit TLS on SMTPS_PORT with the generated certificate: AUTH as mailgate with a token, and the message is stored; without SMTPS_PORT nothing listens there', async () => {
    database = await createProcessDatabase();
    const smtpPort = await freePort();
    let smtpsPort = await freePort();
    while (smtpsPort === smtpPort) smtpsPort = await freePort();
    const first = await start(smtpPort, { SMTPS_PORT: String(smtpsPort) });
    expect(first.output()).toContain(`Mailgate SMTP submission listening on 127.0.0.1:${smtpPort} (STARTTLS) and 127.0.0.1:${smtpsPort} (implicit TLS)\n`);
    const cert = await fs.readFile(path.join(database.env.DATA_DIR!, 'tls', 'smtp-cert.pem'));

    // TLS from the first byte, the certificate checked against the one in DATA_DIR.
    const mailer = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpsPort,
      secure: true,
      tls: { ca: [cert], servername: 'localhost' },
      auth: { user: 'mailgate', pass: TOKEN },
    });
    const info = await mailer.sendMail({ from: 'App <app@example.com>', to: 'ada@example.org', subject: 'Over SMTPS' });
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as eml_[0-9a-z]{26}$/);
    const id = info.response.replace('250 2.0.0 Ok: queued as ', '');
    expect((await emails(first)).map((e) => [e.id, e.to])).toEqual([[id, ['ada@example.org']]]);
    const res = await apiCall(first.url, TOKEN, `/api/v2/emails/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, from: 'App <app@example.com>', to: ['ada@example.org'], subject: 'Over SMTPS' });

    // A wrong token is refused there as on the STARTTLS port.
    const wrong = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpsPort,
      secure: true,
      tls: { ca: [cert], servername: 'localhost' },
      auth: { user: 'mailgate', pass: 'mailgate_not_a_real_token_0000000000' },
    });
    await expect(wrong.verify()).rejects.toMatchObject({ responseCode: 535 });

    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const second = await start(smtpPort);
    expect(second.output()).toContain(`Mailgate SMTP submission listening on 127.0.0.1:${smtpPort} (STARTTLS)\n`);
    expect(second.output()).not.toContain('implicit TLS');
    const refused = await new Promise<string | undefined>((resolve) => {
      const socket = net.connect(smtpsPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it.skipIf(onPostgres)(
    'refuses to start when SMTP_MAX_BUFFERED_BYTES is below SMTP_MAX_MESSAGE_BYTES: exit 78, the variable named, nothing created',
    async () => {
      database = await createProcessDatabase();
      const result = await runMailgateToExit({
        ...database.env,
        SMTP_PORT: String(await freePort()),
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
        SMTP_MAX_MESSAGE_BYTES: '8192',
        SMTP_MAX_BUFFERED_BYTES: '4096',
      });
      expect({ code: result.code, signal: result.signal }).toEqual({ code: 78, signal: null });
      expect(result.stderr).toBe(
        'Invalid configuration:\n' +
          '  - SMTP_MAX_BUFFERED_BYTES: must be at least SMTP_MAX_MESSAGE_BYTES (8192), or no message of the largest size could ever be received\n',
      );
      expect(result.stdout).toBe('');
      expect(await fs.readdir(database.env.DATA_DIR!)).toEqual([]);
    },
  );

  it.skipIf(onPostgres)(
    'refuses to start on a BASE_URL with a query, a zero RENDER_TIME_LIMIT_SECONDS and SMTPS_PORT with SMTP off, every problem at once: exit 78, nothing created',
    async () => {
      database = await createProcessDatabase();
      const result = await runMailgateToExit({
        ...database.env,
        SMTP_PORT: '0',
        SMTPS_PORT: String(await freePort()),
        BASE_URL: 'https://mail.example.com/?tenant=1',
        RENDER_TIME_LIMIT_SECONDS: '0',
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
      });
      expect({ code: result.code, signal: result.signal }).toEqual({ code: 78, signal: null });
      expect(result.stderr).toBe(
        'Invalid configuration:\n' +
          '  - BASE_URL: must be a plain address (scheme, host, optional port and path): no query, fragment or credentials\n' +
          '  - RENDER_TIME_LIMIT_SECONDS: Too small: expected number to be >=0.1\n' +
          '  - SMTPS_PORT: SMTP is off (SMTP_PORT=0), so no SMTP port would be opened; set SMTP_PORT too, or leave SMTPS_PORT unset\n',
      );
      expect(result.stdout).toBe('');
      expect(await fs.readdir(database.env.DATA_DIR!)).toEqual([]);
    },
  );
});
