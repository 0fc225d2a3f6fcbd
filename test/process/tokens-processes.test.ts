import fs from 'node:fs/promises';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createProcessDatabase, freePort, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';
import { authenticatedSession } from '../helpers/smtp.ts';

// Tokens are read from the database on every request, never from a cache of one
// process: two real `servers/main.ts` processes on one database (a shared
// PostgreSQL schema with TEST_DATABASE_URL, else one SQLite file in a shared
// DATA_DIR). A token made through one is taken by the other at once, on REST,
// SMTP and /mcp; revoked through one, it fails on the other's next request, an
// SMTP session and an MCP client already open there included.

const BOOTSTRAP_TOKEN = 'mailgate_tokens_processes_0123456789abc';

describe('API tokens across two processes on one database', () => {
  let database: ProcessDatabase;
  let a: MailgateProcess;
  let b: MailgateProcess;
  let smtpPort = 0;
  let cert: Buffer;

  beforeAll(async () => {
    database = await createProcessDatabase();
    smtpPort = await freePort();
    const env = { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN };
    // One after the other: B's SMTP certificate goes into the shared DATA_DIR.
    a = await startMailgateProcess({ ...env, MAILGATE_ROLES: 'http' }, 30_000);
    b = await startMailgateProcess({ ...env, MAILGATE_ROLES: 'http,smtp', SMTP_PORT: String(smtpPort), SMTP_HOSTNAME: 'localhost' }, 30_000);
    cert = await fs.readFile(path.join(database.env.DATA_DIR!, 'tls', 'smtp-cert.pem'));
  }, 70_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await database?.cleanup();
  });

  const mailer = (token: string) =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      requireTLS: true,
      tls: { ca: [cert], servername: 'localhost' },
      auth: { user: 'mailgate', pass: token },
    });
  const message = { from: 'App <app@example.com>', to: 'delivered@mailgate.test', subject: 'Across processes', text: 'Hi' };

  async function mcpClient(token: string): Promise<Client> {
    const client = new Client({ name: 'tokens-processes', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${b.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return client;
  }

  it('a token made in one process works in the other at once, and once revoked there fails in this one on its next request', { timeout: 60_000 }, async () => {
    const created = await apiCall(a.url, BOOTSTRAP_TOKEN, '/api/v2/tokens', { body: { name: 'shared' } });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: string; token: string };

    // In use in process B on all three doors.
    expect((await apiCall(b.url, token, '/api/v2/emails')).status).toBe(200);
    const sent = await mailer(token).sendMail(message);
    expect(sent.response).toMatch(/^250 /);
    const session = await authenticatedSession({ smtpPort, token });
    const mcp = await mcpClient(token);
    try {
      expect(((await mcp.callTool({ name: 'list_tags', arguments: {} })) as { isError?: boolean }).isError).toBeFalsy();

      // Revoked through process A.
      const revoked = await apiCall(a.url, BOOTSTRAP_TOKEN, `/api/v2/tokens/${id}`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);

      // Process B refuses it from the next request.
      const rest = await apiCall(b.url, token, '/api/v2/emails');
      expect(rest.status).toBe(401);
      expect(await rest.json()).toEqual({ name: 'invalid_api_key', message: 'API key is invalid', statusCode: 401 });
      const mail = await session.command('MAIL FROM:<app@example.com>');
      expect(mail.code).toBe(535);
      expect(mail.text).toContain('5.7.8');
      await expect(mailer(token).sendMail(message)).rejects.toMatchObject({ responseCode: 535 });
      await expect(mcp.callTool({ name: 'list_tags', arguments: {} })).rejects.toThrow();
    } finally {
      session.destroy();
      await mcp.close().catch(() => {});
    }
  });

  it('a read-only token made in one process is refused writes by the other', { timeout: 60_000 }, async () => {
    const created = await apiCall(b.url, BOOTSTRAP_TOKEN, '/api/v2/tokens', { body: { name: 'reader', permission: 'read' } });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    expect((await apiCall(a.url, token, '/api/v2/tokens')).status).toBe(200);
    const write = await apiCall(a.url, token, '/api/v2/tags', { body: { name: 'nope' } });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ name: 'forbidden', statusCode: 403, code: 'read_only_token' });
    await expect(mailer(token).sendMail(message)).rejects.toMatchObject({ responseCode: 550 });
  });
});
