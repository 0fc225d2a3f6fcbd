import { describe, expect, it } from 'vitest';
import { type ManualClock, parseSendBody, type Core } from '../../src/index.ts';
import type { BatchResult } from '../../src/emails/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { invoke, useTestCore } from '../helpers/core.ts';
import { KEY_REUSED, expectRefusal } from '../helpers/errors.ts';
import { recordEmailEvents } from '../../src/emails/email.repository.ts';

const TOKEN = `mailgate_${'p'.repeat(40)}`;

// A mailbox of its own for every body: the recipient guard has its own tests.
let recipients = 0;
const body = (extra: Record<string, unknown> = {}) => ({
  from: 'Sender <sender@example.com>',
  to: `rcpt+${++recipients}@example.org`,
  subject: 'Hello',
  html: '<p>Hi</p>',
  ...extra,
});

describe('the send pipeline through createCore', () => {
  let testDb: TestDatabase;
  let clock: ManualClock;
  let core: Core;
  let auth: AuthContext;
  useTestCore({ token: TOKEN }, (started) => ({ core, clock, auth, database: testDb } = started));

  const db = () => testDb.handle.db;
  const count = async (table: 'emails' | 'email_bodies' | 'email_events' | 'jobs' | 'idempotency_keys') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const emailIds = async () => (await db().selectFrom('emails').select('id').orderBy('id').execute()).map((r) => r.id);

  describe('recordEmailEvents', () => {
    it('appends every event and moves each email to its own last one, with its own time, in one update', async () => {
      const a = await core.emails.send(auth, parseSendBody(body()), { source: 'api' });
      const b = await core.emails.send(auth, parseSendBody(body()), { source: 'api' });
      const c = await core.emails.send(auth, parseSendBody(body()), { source: 'api' });
      const t = clock.now();
      const organizationId = auth.organizationId;
      await recordEmailEvents(db(), [
        { emailId: a.id, organizationId, type: 'sent', detail: null, at: t + 1 },
        { emailId: b.id, organizationId, type: 'sent', detail: null, at: t + 2 },
        { emailId: a.id, organizationId, type: 'delivered', detail: { transport: 'capture' }, at: t + 3 },
        { emailId: b.id, organizationId, type: 'bounced', detail: null, at: t + 4 },
      ]);
      const rows = await db().selectFrom('emails').select(['id', 'last_event', 'updated_at']).orderBy('id').execute();
      expect(rows.map((r) => ({ ...r, updated_at: Number(r.updated_at) }))).toEqual([
        { id: a.id, last_event: 'delivered', updated_at: t + 3 },
        { id: b.id, last_event: 'bounced', updated_at: t + 4 },
        { id: c.id, last_event: 'queued', updated_at: t },
      ]);
      expect(await count('email_events')).toBe(3 + 4);
    });
  });

  describe('send', () => {
    it('accepts one email: row, body, queued event, job', async () => {
      const t0 = clock.now();
      const { id } = await core.emails.send(auth, parseSendBody(body({ to: 'rcpt@example.org' })), { source: 'api' });
      expect(id).toMatch(/^eml_[0-9a-z]{26}$/);
      expect(await count('emails')).toBe(1);
      expect(await count('email_bodies')).toBe(1);
      expect(await count('email_events')).toBe(1);
      const jobs = await db().selectFrom('jobs').select(['kind', 'ref_id', 'run_at', 'attempts']).execute();
      expect(jobs).toEqual([{ kind: 'deliver_email', ref_id: id, run_at: t0, attempts: 0 }]);
      const row = await db().selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        organization_id: auth.organizationId,
        from_address: 'Sender <sender@example.com>',
        to_address: 'rcpt@example.org',
        subject: 'Hello',
        last_event: 'queued',
        source: 'api',
        message_id: `<${id}@example.com>`,
        created_at: t0,
        updated_at: t0,
      });
    });

    it('with an idempotency key twice: the same id, exactly one email', async () => {
      const request = parseSendBody(body());
      const first = await core.emails.send(auth, request, { source: 'api', idempotencyKey: 'order-42' });
      clock.advance(1000);
      const second = await core.emails.send(auth, request, { source: 'api', idempotencyKey: 'order-42' });
      expect(second).toEqual(first);
      expect(await emailIds()).toEqual([first.id]);
      expect(await count('jobs')).toBe(1);
      const keys = await db().selectFrom('idempotency_keys').select(['key', 'state', 'response']).execute();
      expect(keys).toEqual([{ key: 'order-42', state: 'completed', response: JSON.stringify({ id: first.id }) }]);
    });

    it('with an idempotency key and another body: idempotency_conflict, nothing new stored', async () => {
      await core.emails.send(auth, parseSendBody(body()), { source: 'api', idempotencyKey: 'order-42' });
      await expectRefusal(core.emails.send(auth, parseSendBody(body({ subject: 'Other' })), { source: 'api', idempotencyKey: 'order-42' }), KEY_REUSED);
      expect(await count('emails')).toBe(1);
    });

    it('refuses a malformed idempotency key before storing anything', async () => {
      const problem = 'must be 1 to 256 printable ASCII characters without spaces';
      await expectRefusal(core.emails.send(auth, parseSendBody(body()), { source: 'api', idempotencyKey: 'has space' }), {
        kind: 'validation_error',
        message: `Idempotency-Key ${problem}`,
        details: [{ path: 'Idempotency-Key', message: problem }],
      });
      expect(await count('emails')).toBe(0);
      expect(await count('idempotency_keys')).toBe(0);
    });

    it('a tiptap document that cannot be rendered: validation_error, no row, key released', async () => {
      const broken = body({ html: undefined, tiptap: { type: 'doc', content: [{ type: 'notARealNode' }] } });
      await expectRefusal(core.emails.send(auth, parseSendBody(broken), { source: 'api', idempotencyKey: 'retry-me' }), {
        kind: 'validation_error',
        message: 'tiptap: document cannot be rendered (Unknown node type: notARealNode)',
        details: [{ path: 'tiptap', message: 'document cannot be rendered: Unknown node type: notARealNode' }],
      });
      expect(await count('emails')).toBe(0);
      expect(await count('email_events')).toBe(0);
      expect(await count('jobs')).toBe(0);
      expect(await count('idempotency_keys')).toBe(0);

      // The client fixes the body and retries under the same key at once.
      const fixed = body({ html: undefined, tiptap: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fixed' }] }] } });
      const { id } = await core.emails.send(auth, parseSendBody(fixed), { source: 'api', idempotencyKey: 'retry-me' });
      expect(await emailIds()).toEqual([id]);
      const stored = await core.emails.get(auth, id);
      expect(stored.html).toContain('<p>Fixed</p>');
      expect(stored.text).toBe('Fixed');
    });
  });

  describe('sendBatch', () => {
    const missingSubject = { from: 'sender@example.com', to: 'rcpt@example.org', html: '<p>x</p>' };

    it('strict: one bad item refuses the whole batch, naming [i].field; nothing stored', async () => {
      await expectRefusal(
        invoke<BatchResult>({ core, auth }, 'send_batch', { emails: [body(), missingSubject, body({ to: 'not an address' })], validation: 'strict' }),
        {
          kind: 'validation_error',
          message: 'Batch refused: [1].subject is required (and 1 more problem)',
          details: [
            { path: '[1].subject', message: 'is required' },
            {
              path: '[2].to',
              message: 'must be a valid email address ("name@example.com" or "Name <name@example.com>")',
            },
          ],
        },
      );
      expect(await count('emails')).toBe(0);
      expect(await count('jobs')).toBe(0);
    });

    it('permissive: the valid items are stored, errors list {index, message, details}', async () => {
      const result = await invoke<BatchResult>({ core, auth }, 'send_batch', {
        emails: [body({ subject: 'zero' }), missingSubject, body({ subject: 'two' })],
        validation: 'permissive',
      });
      expect(result.data).toHaveLength(2);
      expect(result.errors).toEqual([{ index: 1, message: '[1].subject is required', details: [{ path: '[1].subject', message: 'is required' }] }]);
      expect(await emailIds()).toEqual(result.data.map((d) => d.id).sort());
      const rows = await db().selectFrom('emails').select(['id', 'subject', 'source']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.subject, r.source])).toEqual([
        [result.data[0]!.id, 'zero', 'batch'],
        [result.data[1]!.id, 'two', 'batch'],
      ]);
      expect(await count('jobs')).toBe(2);
    });

    it('permissive with no valid item at all is refused', async () => {
      await expectRefusal(invoke<BatchResult>({ core, auth }, 'send_batch', { emails: [missingSubject], validation: 'permissive' }), {
        kind: 'validation_error',
        message: 'Batch refused: [0].subject is required',
        details: [{ path: '[0].subject', message: 'is required' }],
      });
      expect(await count('emails')).toBe(0);
    });

    it('strict: a valid batch has no errors field', async () => {
      const result = await invoke<BatchResult>({ core, auth }, 'send_batch', { emails: [body(), body()], validation: 'strict' });
      expect(Object.keys(result)).toEqual(['data']);
      expect(result.data).toHaveLength(2);
      expect(await count('emails')).toBe(2);
    });

    it('accepts 100 items and refuses 101', async () => {
      const hundred = Array.from({ length: 100 }, (_, i) => body({ subject: `n${i}` }));
      const accepted = await invoke<BatchResult>({ core, auth }, 'send_batch', { emails: hundred, validation: 'strict' });
      expect(accepted.data).toHaveLength(100);
      expect(await count('emails')).toBe(100);

      await expectRefusal(invoke<BatchResult>({ core, auth }, 'send_batch', { emails: [...hundred, body()], validation: 'strict' }), {
        kind: 'validation_error',
        message: 'A batch must hold 1 to 100 emails (got 101)',
        details: [{ path: 'emails', message: 'must hold 1 to 100 emails (got 101)' }],
      });
      expect(await count('emails')).toBe(100);
    });

    // The operation names the field; REST names the body itself (path '', test/e2e/http-emails).
    it('refuses an empty batch and a body that is not an array', async () => {
      await expectRefusal(invoke<BatchResult>({ core, auth }, 'send_batch', { emails: [], validation: 'strict' }), {
        kind: 'validation_error',
        message: 'A batch must hold 1 to 100 emails (got 0)',
        details: [{ path: 'emails', message: 'must hold 1 to 100 emails (got 0)' }],
      });
      await expectRefusal(invoke<BatchResult>({ core, auth }, 'send_batch', { emails: body(), validation: 'strict' }), {
        kind: 'validation_error',
        message: 'The batch body must be a JSON array of send bodies',
        details: [{ path: 'emails', message: 'must be a JSON array of send bodies' }],
      });
    });

    it('with an idempotency key replays the batch answer', async () => {
      const batch = [body(), missingSubject];
      const first = await invoke<BatchResult>({ core, auth }, 'send_batch', { emails: batch, validation: 'permissive', idempotency_key: 'batch-1' });
      const second = await invoke<BatchResult>({ core, auth }, 'send_batch', { emails: batch, validation: 'permissive', idempotency_key: 'batch-1' });
      expect(second).toEqual(first);
      expect(await count('emails')).toBe(1);
      // Same bodies in the other mode are another request.
      await expectRefusal(
        invoke<BatchResult>({ core, auth }, 'send_batch', { emails: [body(), body()], validation: 'strict', idempotency_key: 'batch-1' }),
        KEY_REUSED,
      );
    });
  });

  describe('list', () => {
    async function sendFive(): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await core.emails.send(auth, parseSendBody(body({ subject: `n${i}` })), { source: 'api' })).id);
        clock.advance(1);
      }
      return ids;
    }

    it('pages newest first by id cursor, both ways', async () => {
      const [e1, e2, e3, e4, e5] = (await sendFive()) as [string, string, string, string, string];

      const page1 = await core.emails.list(auth, { limit: 2 });
      expect(page1.object).toBe('list');
      expect(page1.data.map((e) => e.id)).toEqual([e5, e4]);
      expect(page1.data.map((e) => e.subject)).toEqual(['n4', 'n3']);
      expect(page1.has_more).toBe(true);

      const page2 = await core.emails.list(auth, { limit: 2, after: e4 });
      expect(page2.data.map((e) => e.id)).toEqual([e3, e2]);
      expect(page2.has_more).toBe(true);

      const back = await core.emails.list(auth, { limit: 2, before: e3 });
      expect(back.data.map((e) => e.id)).toEqual([e5, e4]);
      // Nothing newer than e5: no more in that direction.
      expect(back.has_more).toBe(false);

      const page3 = await core.emails.list(auth, { limit: 2, after: e2 });
      expect(page3.data.map((e) => e.id)).toEqual([e1]);
      expect(page3.has_more).toBe(false);

      const all = await core.emails.list(auth, { limit: 20 });
      expect(all.data.map((e) => e.id)).toEqual([e5, e4, e3, e2, e1]);
      expect(all.has_more).toBe(false);
    });

    it('before a middle id with more newer records left says has_more', async () => {
      const [, e2, e3, e4] = (await sendFive()) as [string, string, string, string, string];
      const page = await core.emails.list(auth, { limit: 2, before: e2 });
      expect(page.data.map((e) => e.id)).toEqual([e4, e3]);
      expect(page.has_more).toBe(true);
    });

    it('list items have the v2 shape', async () => {
      const t0 = clock.now();
      const { id } = await core.emails.send(auth, parseSendBody(body({ reply_to: 'r@example.com', to: 'rcpt@example.org' })), { source: 'api' });
      const page = await core.emails.list(auth, { limit: 1 });
      expect(page.data).toEqual([
        {
          object: 'email',
          id,
          from: 'Sender <sender@example.com>',
          to: ['rcpt@example.org'],
          subject: 'Hello',
          reply_to: 'r@example.com',
          last_event: 'queued',
          tags: [],
          created_at: new Date(t0).toISOString(),
          updated_at: new Date(t0).toISOString(),
        },
      ]);
    });

    it('refuses a limit out of range', async () => {
      await expectRefusal(invoke({ core, auth }, 'list_emails', { limit: 101 }), {
        kind: 'validation_error',
        message: 'limit must be an integer from 1 to 100',
        details: [{ path: 'limit', message: 'must be an integer from 1 to 100' }],
      });
    });
  });

  describe('organization scoping', () => {
    it("another organization cannot get or list this one's emails, and has its own idempotency keys", async () => {
      const { id } = await core.emails.send(auth, parseSendBody(body()), { source: 'api', idempotencyKey: 'shared-key' });
      const other = await core.orgs.create({ name: 'Other', plan: 'free' });
      const otherAuth = await core.tokens.authenticate(other.token.token);
      expect(otherAuth.organizationId).not.toBe(auth.organizationId);

      await expectRefusal(core.emails.get(otherAuth, id), { kind: 'not_found', message: `Email ${id} not found` });
      expect(await core.emails.list(otherAuth, { limit: 20 })).toEqual({ object: 'list', data: [], has_more: false });

      // The same key in the other organization is a new send, not a replay of ours.
      const theirs = await core.emails.send(otherAuth, parseSendBody(body()), { source: 'api', idempotencyKey: 'shared-key' });
      expect(theirs.id).not.toBe(id);
      expect((await core.emails.list(otherAuth, { limit: 20 })).data.map((e) => e.id)).toEqual([theirs.id]);
      expect((await core.emails.list(auth, { limit: 20 })).data.map((e) => e.id)).toEqual([id]);
      expect((await core.emails.get(auth, id)).id).toBe(id);
    });

    it('an unknown id is not_found', async () => {
      await expectRefusal(core.emails.get(auth, 'eml_00000000000000000000000000'), {
        kind: 'not_found',
        message: 'Email eml_00000000000000000000000000 not found',
      });
    });
  });
});
