import { afterEach, describe, expect, it } from 'vitest';
import { enqueueJobs } from '../../src/queue/index.ts';
import type { DatabaseHandle } from '../../src/index.ts';
import { waitFor } from '../helpers/server.ts';
import { createProcessDatabase, openProcessDatabase, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// What the core reports by itself reaches the process's log: `npm start` gives it
// a logger at LOG_LEVEL, as JSON lines like the HTTP server's.

describe('the log of a Mailgate process', () => {
  let database: ProcessDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let proc: MailgateProcess | undefined;
  afterEach(async () => {
    await proc?.stop('SIGKILL');
    await handle?.close();
    await database?.cleanup();
    proc = handle = database = undefined;
  });

  /** Start a process and put a job on its queue that no handler knows. */
  async function withBrokenJob(logLevel: string): Promise<MailgateProcess> {
    database = await createProcessDatabase();
    proc = await startMailgateProcess({ ...database.env, LOG_LEVEL: logLevel, MAILGATE_ROLES: 'http,worker' });
    handle = await openProcessDatabase(database);
    await enqueueJobs(handle.db, [{ kind: 'no_such_kind', refId: 'ref_1', runAt: Date.now() }], Date.now());
    // The worker logs the failure, then gives the job back for a retry with its error.
    await waitFor(
      async () => {
        const job = await handle!.db.selectFrom('jobs').select('last_error').where('kind', '=', 'no_such_kind').executeTakeFirst();
        return job?.last_error ? true : undefined;
      },
      10_000,
      'the job to be tried and given back',
    );
    return proc;
  }

  it('logs a job that failed unexpectedly as an error line, with the error', { timeout: 60_000 }, async () => {
    const running = await withBrokenJob('warn');
    const line = await waitFor(async () =>
      running
        .output()
        .split('\n')
        .find((l) => l.includes('job failed unexpectedly')),
    );
    expect(JSON.parse(line)).toMatchObject({
      level: 50,
      msg: 'job failed unexpectedly; will retry',
      err: { message: 'no handler for job kind no_such_kind' },
      job: { kind: 'no_such_kind', refId: 'ref_1' },
    });
  });

  it('logs nothing of it at LOG_LEVEL=silent', { timeout: 60_000 }, async () => {
    const running = await withBrokenJob('silent');
    expect(running.output()).not.toContain('job failed unexpectedly');
  });
});
