// Durability (issue 17): when a sync of SQLite's log fails, the process stops at
// once with exit code 74 (EX_IOERR), answering nothing more as durable; a
// restart recovers the database from the disk and delivers every email that was
// answered 200. The failure is made by a preloaded fs.fdatasync that fails with
// EIO once a trigger file exists (test/helpers/failing-fdatasync.mjs).
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers/db.ts';
import { addVerifiedDomainTo } from '../helpers/domains.ts';
import {
  apiCall,
  compiledServer,
  createProcessDatabase,
  REPO_ROOT,
  startMailgateProcess,
  type MailgateProcess,
  type ProcessDatabase,
} from '../helpers/process.ts';
import { waitUntilSent } from '../helpers/sent.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

const TOKEN = 'mailgate_sync_failure_token_0123456789ab';
const PRELOAD = pathToFileURL(path.join(REPO_ROOT, 'test/helpers/failing-fdatasync.mjs')).href;
const withFailingSyncs = () => ['--import', PRELOAD, compiledServer()];

let sink: SmtpSink | undefined;
let database: ProcessDatabase | undefined;
const processes: MailgateProcess[] = [];

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop('SIGKILL')));
  await sink?.close();
  await database?.cleanup();
});

// PostgreSQL syncs its own log, on its server: what it does when that fails is its own (it stops too).
describe.skipIf(Boolean(testDatabaseUrl))('a failed sync of the log (SQLite)', () => {
  it('stops the process at once with exit code 74, and a restart delivers every email answered 200', { timeout: 60_000 }, async () => {
    sink = await startSmtpSink();
    database = await createProcessDatabase();
    const trigger = path.join(database.env.DATA_DIR!, 'fail-syncs');
    const env = { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, RELAY_URL: sink.url() };
    // Accepting only: what the restart delivers is then all still to deliver, so each arrives once.
    const first = await startMailgateProcess({ ...env, MAILGATE_ROLES: 'http', MAILGATE_TEST_FAIL_SYNCS: trigger }, 30_000, withFailingSyncs());
    processes.push(first);
    await addVerifiedDomainTo(database, 'acme.example');
    const send = (n: number) =>
      apiCall(first.url, TOKEN, '/api/v2/emails', {
        body: { from: 'ops@acme.example', to: `user${n}@example.com`, subject: `Hello ${n}`, html: `<p>${n}</p>` },
      });

    const accepted: string[] = [];
    for (let n = 0; n < 5; n++) {
      const res = await send(n);
      expect(res.status).toBe(200);
      accepted.push(((await res.json()) as { id: string }).id);
    }

    await fs.writeFile(trigger, '');
    // Its commit is made, but its sync fails: it is never answered, and the process is gone.
    const unanswered = await send(5).then(
      (res) => res.status,
      () => 'no answer',
    );
    expect(unanswered).toBe('no answer');
    expect(await first.exited()).toEqual({ code: 74, signal: null });
    expect(first.output()).toContain(
      "mailgate: committed, but the database's log could not be synced to disk: EIO: i/o error, fdatasync; stopping at once, so that a restart recovers the database from what is on disk",
    );

    await fs.rm(trigger);
    const second = await startMailgateProcess(env);
    processes.push(second);
    const emails = await waitUntilSent<{ last_event: string; message_id: string }>(second.url, TOKEN, accepted);
    const messageIds = emails.map((e) => e.message_id);
    for (const messageId of messageIds) expect(sink.messages.filter((m) => m.parsed.messageId === messageId)).toHaveLength(1);
  });
});
