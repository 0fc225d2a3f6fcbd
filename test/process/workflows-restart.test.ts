import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/server.ts';
import { apiCall, createProcessDatabase, openProcessDatabase, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// Real `servers/main.ts` processes on one database: a workflow run waiting when its
// process is SIGKILLed resumes in the next process and finishes exactly once.

const TOKEN = 'mailgate_workflow_restart_token_0123456789';
/** Long enough for a loaded machine to take the run to its wait and kill the process before it ends. */
const WAIT_SECONDS = 4;

interface Run {
  id: string;
  subscriber_id: string;
  status: string;
  step_index: number;
  wake_at: string | null;
}

async function body(res: Response, status: number): Promise<any> {
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(status);
  return json;
}

describe('a workflow run across a SIGKILL', () => {
  const processes: MailgateProcess[] = [];
  let database: ProcessDatabase | undefined;

  beforeEach(async () => {
    database = await createProcessDatabase();
  });

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await database?.cleanup();
    database = undefined;
  });

  async function start(): Promise<MailgateProcess> {
    const proc = await startMailgateProcess({ ...database!.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, DELIVERY_LEASE_SECONDS: '2' });
    processes.push(proc);
    return proc;
  }

  it('resumes its wait in the next process and completes once: one run, one tag_added', { timeout: 60_000 }, async () => {
    const first = await start();
    const wf = await body(
      await apiCall(first.url, TOKEN, '/api/v2/workflows', {
        body: {
          name: 'Later',
          trigger: { type: 'subscriber_created' },
          steps: [
            { type: 'wait', seconds: WAIT_SECONDS },
            { type: 'add_tag', tag: 'after-wait' },
          ],
        },
      }),
      201,
    );
    const sub = await body(await apiCall(first.url, TOKEN, '/api/v2/subscribers', { body: { email: 'ann@example.com' } }), 201);
    const runsOf = async (proc: MailgateProcess): Promise<Run[]> => (await body(await apiCall(proc.url, TOKEN, `/api/v2/workflows/${wf.id}/runs`), 200)).data;

    // The first process's worker takes the run to its wait.
    const [waiting] = await waitFor(
      async () => {
        const runs = await runsOf(first);
        return runs.length === 1 && runs[0]!.status === 'waiting' ? runs : undefined;
      },
      WAIT_SECONDS * 1000,
      'the run to reach its wait',
    );
    expect(waiting).toMatchObject({ subscriber_id: sub.id, step_index: 0, wake_at: expect.any(String) });
    const wakeAt = Date.parse(waiting!.wake_at!);

    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    // Killed before the wait ended: the run is still waiting and nothing was tagged.
    expect(Date.now()).toBeLessThan(wakeAt);
    const db = await openProcessDatabase(database!);
    try {
      const run = await db.db.selectFrom('workflow_runs').selectAll().executeTakeFirstOrThrow();
      expect(run).toMatchObject({ id: waiting!.id, status: 'waiting', step_index: 0 });
      expect(await db.db.selectFrom('subscriber_tags').selectAll().execute()).toEqual([]);
      expect((await db.db.selectFrom('jobs').select('kind').execute()).map((j) => j.kind)).toEqual(['workflow_run']);
    } finally {
      await db.close();
    }

    // Same database, new process: the run finishes.
    const second = await start();
    const done = await waitFor(
      async () => {
        const runs = await runsOf(second);
        return runs.length === 1 && runs[0]!.status === 'completed' ? runs : undefined;
      },
      30_000,
      'the second process to complete the run',
    );
    expect(done[0]).toMatchObject({ id: waiting!.id, step_index: 2, wake_at: null, last_error: null });
    expect(Date.now()).toBeGreaterThanOrEqual(wakeAt);
    expect((await body(await apiCall(second.url, TOKEN, `/api/v2/subscribers/${sub.id}`), 200)).tags).toEqual(['after-wait']);

    // Exactly once, and it stays that way.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await runsOf(second)).toHaveLength(1);
    const events: { name: string; properties: Record<string, unknown> }[] = (
      await body(await apiCall(second.url, TOKEN, `/api/v2/subscribers/${sub.id}/events`), 200)
    ).data;
    expect(events.filter((e) => e.name === 'tag_added')).toEqual([expect.objectContaining({ properties: { tag: 'after-wait' } })]);
    expect(events.map((e) => e.name).sort()).toEqual(['subscriber_created', 'tag_added']);
  });
});
