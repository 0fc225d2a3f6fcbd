import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { mkdtemp, rm } from 'node:fs/promises';
import { startSmtpServer, type SmtpListener } from '../../servers/smtp/server.ts';
import { loadOrCreateTls, type TlsMaterial } from '../../servers/smtp/tls.ts';
import nodemailer from 'nodemailer';
import { expect } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

/**
 * A test server (HTTP, as startTestServer) with Mailgate's SMTP submission
 * listener on an ephemeral port, STARTTLS with a freshly generated self-signed
 * certificate, and optionally the implicit-TLS port too.
 */
export interface TestSmtpServer extends TestServer {
  smtpPort: number;
  smtpsPort: number | null;
  tls: TlsMaterial;
  /** What the listener holds of messages right now. */
  smtpBufferedBytes(): number;
}

let material: Promise<{ dir: string; tls: TlsMaterial }> | undefined;

/** One certificate per test file: generating an RSA key takes a moment. */
function testTls() {
  material ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mailgate-smtp-tls-'));
    const generated = await loadOrCreateTls({ keyPath: path.join(dir, 'key.pem'), certPath: path.join(dir, 'cert.pem'), hostname: 'localhost' });
    return { dir, tls: generated };
  })();
  return material;
}

export async function startTestSmtpServer(options: TestServerOptions & { implicitTls?: boolean } = {}): Promise<TestSmtpServer> {
  const server = await startTestServer(options);
  const { tls: material } = await testTls();
  let listener: SmtpListener;
  try {
    listener = await startSmtpServer(server.core, { host: '127.0.0.1', port: 0, securePort: options.implicitTls ? 0 : null, tls: material });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    ...server,
    smtpPort: listener.port,
    smtpsPort: listener.securePort,
    tls: material,
    smtpBufferedBytes: () => listener.bufferedBytes,
    async close() {
      await listener.close();
      await server.close();
    },
  };
}

/** Remove the test file's certificate directory (afterAll). */
export async function removeTestTls(): Promise<void> {
  if (!material) return;
  const { dir } = await material;
  material = undefined;
  await rm(dir, { recursive: true, force: true });
}

/** A reply: its code and its lines' texts (multi-line replies joined by \n). */
export interface SmtpReply {
  code: number;
  text: string;
}

/**
 * A bare SMTP client over a socket, for the paths a well-behaved client never
 * takes: each `command` writes a line and resolves with the next complete reply.
 */
export interface RawSmtpSession {
  greeting: Promise<SmtpReply>;
  command(line: string): Promise<SmtpReply>;
  /** Write bytes without waiting for a reply (message data, pipelined commands). */
  write(data: string | Buffer): void;
  /** The next reply, for writes that expect one. */
  reply(): Promise<SmtpReply>;
  /** STARTTLS, then continue over TLS. */
  startTls(): Promise<SmtpReply>;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  destroy(): void;
}

/**
 * A session by hand, from `localAddress` (any of 127/8 on Linux: a client address of its own) when given;
 * over TLS from the first byte with `implicitTls` (the SMTPS port; the certificate is not checked).
 */
export function rawSmtpSession(port: number, localAddress?: string, implicitTls = false): RawSmtpSession {
  const address = { port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) };
  let socket: net.Socket | tls.TLSSocket = implicitTls ? tls.connect({ ...address, rejectUnauthorized: false, servername: 'localhost' }) : net.connect(address);
  let buffer = '';
  let lines: string[] = [];
  const waiting: ((reply: SmtpReply) => void)[] = [];
  const ready: SmtpReply[] = [];
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));

  function onData(chunk: Buffer) {
    buffer += chunk.toString('utf8');
    let at: number;
    while ((at = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      lines.push(line.slice(4));
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), text: lines.join('\n') };
        lines = [];
        const next = waiting.shift();
        if (next) next(reply);
        else ready.push(reply);
      }
    }
  }
  function attach(s: net.Socket | tls.TLSSocket) {
    s.on('data', onData);
    s.on('error', () => {});
    s.on('close', () => resolveClosed());
  }
  attach(socket);

  const reply = () =>
    new Promise<SmtpReply>((resolve) => {
      const r = ready.shift();
      if (r) resolve(r);
      else waiting.push(resolve);
    });
  const greeting = reply();

  return {
    greeting,
    reply,
    write(data) {
      socket.write(data);
    },
    command(line) {
      socket.write(`${line}\r\n`);
      return reply();
    },
    async startTls() {
      socket.write('STARTTLS\r\n');
      const answer = await reply();
      if (answer.code !== 220) return answer;
      const plain = socket;
      plain.removeListener('data', onData);
      socket = tls.connect({ socket: plain, rejectUnauthorized: false, servername: 'localhost' });
      attach(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('secureConnect', () => resolve());
        socket.once('error', reject);
      });
      return answer;
    },
    closed,
    destroy() {
      socket.destroy();
    },
  };
}

/** AUTH PLAIN's initial response for the username `mailgate` and a token. */
export function authPlain(token: string, user = 'mailgate'): string {
  return Buffer.from(`\u0000${user}\u0000${token}`).toString('base64');
}

/** A raw session on the test server's listener through EHLO, STARTTLS, EHLO and AUTH with this token. */
export async function authenticatedSession(server: Pick<TestSmtpServer, 'smtpPort' | 'token'>, token = server.token): Promise<RawSmtpSession> {
  const s = rawSmtpSession(server.smtpPort);
  expect((await s.greeting).code).toBe(220);
  expect((await s.command('EHLO client.test')).code).toBe(250);
  expect((await s.startTls()).code).toBe(220);
  expect((await s.command('EHLO client.test')).code).toBe(250);
  const auth = await s.command(`AUTH PLAIN ${authPlain(token)}`);
  expect(auth.code, auth.text).toBe(235);
  return s;
}

/** nodemailer against the test server's listener: STARTTLS required, its certificate trusted as its own CA (name and chain really checked), AUTH with this token. */
export function submissionTransport(server: Pick<TestSmtpServer, 'smtpPort' | 'token' | 'tls'>, token = server.token, extra: Record<string, unknown> = {}) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.smtpPort,
    secure: false,
    requireTLS: true,
    tls: { ca: [server.tls.cert], servername: 'localhost' },
    auth: { user: 'mailgate', pass: token },
    ...extra,
  });
}

/**
 * One transaction over a raw session: MAIL FROM, each RCPT TO, DATA and the
 * message (line ends made CRLF, dot-stuffed). Resolves with the first reply
 * that is not a success, or the reply after the final dot.
 */
export async function sendRawMessage(s: RawSmtpSession, from: string, to: string[], message: string): Promise<SmtpReply> {
  const mail = await s.command(`MAIL FROM:<${from}>`);
  if (mail.code !== 250) return mail;
  for (const rcpt of to) {
    const r = await s.command(`RCPT TO:<${rcpt}>`);
    if (r.code !== 250) return r;
  }
  const data = await s.command('DATA');
  if (data.code !== 354) return data;
  s.write(`${message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.\r\n`);
  return s.reply();
}
