import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/index.ts';
import type { Database } from '../../src/db/schema.ts';
import { waitFor } from '../helpers/server.ts';
import { apiCall, createProcessDatabase, openProcessDatabase, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// A send with an Idempotency-Key whose process is killed (SIGKILL) after it
// claimed the key and before it committed: the client's retry, to another
// process on the same host, must not wait for the claim to go stale (60 s).
// The claim names its process, which is provably gone, so the retry takes it
// over at once and is answered 200.
//
// The send is held between its claim and its commit by the database itself,
// so the kill lands there every time: PostgreSQL, a lock on the emails table
// the test holds; SQLite (one writer, so no lock would let the claim through),
// a trigger on inserting an email that never ends.

const TOKEN = 'mailgate_idempotency_crash_token_0123456';

let database: ProcessDatabase | undefined;
let handle: DatabaseHandle | undefined;
const processes: MailgateProcess[] = [];

afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
  await handle?.close();
  await database?.cleanup();
  handle = database = undefined;
});

/** Hold every insert of an email until the returned function is called. */
async function holdEmailInserts(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<() => Promise<void>> {
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER hold_email_inserts BEFORE INSERT ON emails BEGIN
      SELECT count(*) FROM (WITH RECURSIVE forever(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM forever) SELECT n FROM forever);
    END`.execute(db);
    return async () => void (await sql`DROP TRIGGER hold_email_inserts`.execute(db));
  }
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const transaction = db.transaction().execute(async (trx) => {
    // Reads go on; an insert waits for the lock.
    await sql`LOCK TABLE emails IN EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}

it('a retry takes over at once the in-flight claim of a process killed mid-send (not after 60 s)', { timeout: 60_000 }, async () => {
  database = await createProcessDatabase();
  const env = { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, MAILGATE_ROLES: 'http' };
  const first = await startMailgateProcess(env);
  processes.push(first);
  handle = await openProcessDatabase(database);
  const db = handle.db;

  const send = { from: 'ops@acme.example', to: 'delivered+crash@mailgate.test', subject: 'Once', html: '<p>once</p>' };
  const post = (proc: MailgateProcess) =>
    fetch(`${proc.url}/api/v2/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': 'order-42' },
      body: JSON.stringify(send),
    });

  // The process the client retries with, started meanwhile (it writes no email as it starts).
  const secondStarting = startMailgateProcess(env).then((p) => (processes.push(p), p));
  const releaseInserts = await holdEmailInserts(db, database.dialect);
  const unanswered = post(first).then(
    (res) => res.status,
    () => 'no answer',
  );
  // The key is claimed, in the name of the first process; its email can never be written.
  const claim = await waitFor(
    () => db.selectFrom('idempotency_keys').select(['state', 'claim_token']).where('key', '=', 'order-42').executeTakeFirst(),
    15_000,
    'the first process to claim the key',
  );
  expect(claim.state).toBe('in_flight');
  expect(claim.claim_token).toMatch(new RegExp(`^${os.hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${first.child.pid}:[0-9a-f]{8}/[0-9a-f]{24}$`));

  expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  expect(await unanswered).toBe('no answer');
  await releaseInserts();
  const killedAt = Date.now();

  const second = await secondStarting;
  const retry = await post(second);
  expect(retry.status).toBe(200);
  const { id } = (await retry.json()) as { id: string };
  expect(id).toMatch(/^eml_[0-9a-z]{26}$/);
  // Well within the 60 s a claim takes to go stale: taken over because its process is gone.
  expect(Date.now() - killedAt).toBeLessThan(30_000);

  // The next retry replays that answer; one email exists, and the key names its new holder.
  const again = await post(second);
  expect([again.status, await again.json()]).toEqual([200, { id }]);
  const list = await apiCall(second.url, TOKEN, '/api/v2/emails');
  expect(((await list.json()) as { data: { id: string }[] }).data.map((e) => e.id)).toEqual([id]);
  const row = await db.selectFrom('idempotency_keys').select(['state', 'claim_token']).where('key', '=', 'order-42').executeTakeFirstOrThrow();
  expect(row.state).toBe('completed');
  expect(row.claim_token.startsWith(`${os.hostname()}:${second.child.pid}:`)).toBe(true);
});
