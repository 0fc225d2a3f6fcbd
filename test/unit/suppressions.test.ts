import { describe, expect, it } from 'vitest';
import { parseSendBody, type Core, type ManualClock } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { parseAddress } from '../../src/emails/address.ts';
import { createSuppressionService, findSuppressed, suppressAddresses } from '../../src/suppressions/index.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { invoke, useTestCore } from '../helpers/core.ts';
import { expectRefusal } from '../helpers/errors.ts';

// The suppression list's rules through createCore on a real database (both
// dialects): adding, reading, expiry, the outcome rules' upgrade of a bounce
// to a complaint, removal (a complaint only with force), and what the send
// pipeline does with a suppressed recipient.

const HOUR = 60 * 60 * 1000;

describe('the suppression list', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let core: Core;
  let auth: AuthContext;
  useTestCore({}, (started) => ({ core, clock, auth, database } = started));

  const db = () => database.handle.db;
  const add = (emails: string[], expires_at?: string | null) =>
    invoke<{ data: any[] }>({ core, auth }, 'add_suppressions', { emails, ...(expires_at !== undefined ? { expires_at } : {}) });
  const rows = () => db().selectFrom('suppressions').selectAll().orderBy('id').execute();
  const count = async (table: 'emails' | 'email_events' | 'jobs' | 'recipient_guards' | 'webhook_deliveries') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A webhook of this organization subscribed to the suppression events (its deliveries are rows written with the change). */
  async function subscribe(): Promise<void> {
    await core.webhooks.create(auth, { url: 'https://hooks.example.com/in', events: ['suppression.added', 'suppression.removed'] });
  }
  const published = async () =>
    (await db().selectFrom('webhook_deliveries').select(['event_type', 'payload']).orderBy('id').execute()).map((d) => ({
      type: d.event_type,
      data: JSON.parse(d.payload).data,
    }));

  describe('adding and reading', () => {
    it('adds manual entries, one per address in the order given, and finds each by id or address in any case', async () => {
      const t = clock.now();
      const { data } = await add(['Ada@Example.com', 'bob@example.com', 'ADA@example.com']);
      expect(data).toEqual([
        {
          object: 'suppression',
          id: expect.stringMatching(/^sup_[0-9a-z]{26}$/),
          email: 'Ada@Example.com',
          reason: 'manual',
          source_id: null,
          created_at: new Date(t).toISOString(),
          expires_at: null,
        },
        expect.objectContaining({ email: 'bob@example.com', reason: 'manual' }),
      ]);
      expect(await core.suppressions.get(auth, data[0].id)).toEqual(data[0]);
      expect(await core.suppressions.get(auth, 'ada@EXAMPLE.COM')).toEqual(data[0]);
      await expectRefusal(core.suppressions.get(auth, 'carol@example.com'), { kind: 'not_found', message: 'Suppression carol@example.com not found' });
    });

    it('keeps an entry that exists as it is, and says whether anything was added', async () => {
      const first = await core.suppressions.add(auth, { emails: ['ada@example.com'], expiresAt: null });
      expect(first.added).toBe(1);
      clock.advance(1000);
      const again = await core.suppressions.add(auth, { emails: ['ADA@example.com', 'bob@example.com'], expiresAt: clock.now() + HOUR });
      expect(again.added).toBe(1);
      expect(again.records[0]).toEqual(first.records[0]);
      expect(again.records[1]!.expires_at).toBe(new Date(clock.now() + HOUR).toISOString());
      expect((await rows()).length).toBe(2);
    });

    it('lists newest first, filtered by reason, exact address or contained text, paged by cursors', async () => {
      await add(['a@one.example', 'b@two.example']);
      clock.advance(1);
      await suppressAddresses(db(), [{ organizationId: auth.organizationId, email: 'c@two.example', reason: 'bounce', sourceId: 'eml_x', at: clock.now() }]);
      clock.advance(1);
      await add(['d%_@two.example']);
      const emails = async (input: Record<string, unknown>) =>
        (await invoke<{ data: { email: string }[]; has_more: boolean }>({ core, auth }, 'list_suppressions', input)).data.map((s) => s.email);

      expect(await emails({})).toEqual(['d%_@two.example', 'c@two.example', 'b@two.example', 'a@one.example']);
      expect(await emails({ reason: 'bounce' })).toEqual(['c@two.example']);
      expect(await emails({ email: 'B@TWO.example' })).toEqual(['b@two.example']);
      expect(await emails({ query: 'TWO.EX' })).toEqual(['d%_@two.example', 'c@two.example', 'b@two.example']);
      // LIKE's wildcards are the text itself.
      expect(await emails({ query: '%_' })).toEqual(['d%_@two.example']);

      const first = await invoke({ core, auth }, 'list_suppressions', { limit: 3 });
      expect(first.has_more).toBe(true);
      const rest = await invoke({ core, auth }, 'list_suppressions', { limit: 3, after: first.data[2].id });
      expect(rest).toEqual({ object: 'list', data: [expect.objectContaining({ email: 'a@one.example' })], has_more: false });
      const back = await invoke({ core, auth }, 'list_suppressions', { limit: 3, before: rest.data[0].id });
      expect(back.data).toEqual(first.data);
    });

    it('refuses an end that is not in the future, and more than 100 addresses or none', async () => {
      await expectRefusal(add(['a@example.com'], new Date(clock.now()).toISOString()), {
        kind: 'validation_error',
        details: [{ path: 'expires_at', message: 'must be in the future' }],
      });
      await expectRefusal(add([]), { kind: 'validation_error', details: [{ path: 'emails', message: 'must name at least one address' }] });
      const many = Array.from({ length: 101 }, (_, i) => `r${i}@example.com`);
      await expectRefusal(add(many), { kind: 'validation_error', details: [{ path: 'emails', message: 'must hold at most 100 addresses' }] });
      await expectRefusal(add(['not an address']), {
        kind: 'validation_error',
        details: [{ path: 'emails.0', message: 'must be a valid email address (addr@example.com)' }],
      });
      expect(await rows()).toEqual([]);
    });

    it("another organization's entries are not found, listed or removed", async () => {
      const { data } = await add(['ada@example.com']);
      const other = await core.orgs.create({ name: 'Other', plan: 'free' });
      const otherAuth = { organizationId: other.org.id };
      await expectRefusal(core.suppressions.get(otherAuth, data[0].id), { kind: 'not_found' });
      await expectRefusal(core.suppressions.remove(otherAuth, 'ada@example.com', { force: true }), { kind: 'not_found' });
      expect((await core.suppressions.list(otherAuth, {}, { limit: 10 })).data).toEqual([]);
      expect((await findSuppressed(db(), other.org.id, ['ada@example.com'], clock.now())).size).toBe(0);
    });
  });

  describe('expiry', () => {
    it('an entry suppresses until expires_at, then is gone: not found, not listed, not skipped; a new one may take its place', async () => {
      const { data } = await add(['ada@example.com'], new Date(clock.now() + HOUR).toISOString());
      expect((await findSuppressed(db(), auth.organizationId, ['ada@example.com'], clock.now())).get('ada@example.com')).toEqual({
        id: data[0].id,
        reason: 'manual',
      });
      clock.advance(HOUR - 1);
      expect(await core.suppressions.get(auth, 'ada@example.com')).toEqual(data[0]);

      clock.advance(1);
      expect((await findSuppressed(db(), auth.organizationId, ['ada@example.com'], clock.now())).size).toBe(0);
      await expectRefusal(core.suppressions.get(auth, 'ada@example.com'), { kind: 'not_found' });
      expect((await core.suppressions.list(auth, {}, { limit: 10 })).data).toEqual([]);
      await core.emails.send(auth, parseSendBody({ from: 'a@acme.example', to: 'ada@example.com', subject: 'Hi', html: '<p>Hi</p>' }), { source: 'api' });
      expect(await count('jobs')).toBe(1);

      const renewed = await add(['ada@example.com']);
      expect(renewed.data[0].id).not.toBe(data[0].id);
      expect(renewed.data[0].expires_at).toBeNull();
      expect((await rows()).map((r) => r.id)).toEqual([renewed.data[0].id]);
    });

    it('housekeeping purges expired entries and keeps the others', async () => {
      await add(['ada@example.com'], new Date(clock.now() + HOUR).toISOString());
      const kept = await add(['bob@example.com']);
      expect(await core.suppressions.purgeExpired(clock.now() + HOUR - 1)).toBe(0);
      expect(await core.suppressions.purgeExpired(clock.now() + HOUR)).toBe(1);
      expect((await rows()).map((r) => r.id)).toEqual([kept.data[0].id]);
    });
  });

  describe('suppressAddresses (bounces and complaints)', () => {
    const org = () => auth.organizationId;

    it('inserts new addresses in one batch and publishes suppression.added for each, in the caller transaction', async () => {
      await subscribe();
      const at = clock.now();
      await db()
        .transaction()
        .execute((trx) =>
          suppressAddresses(trx, [
            { organizationId: org(), email: 'Ada@example.com', reason: 'bounce', sourceId: 'eml_a', at },
            { organizationId: org(), email: 'bob@example.com', reason: 'complaint', sourceId: 'eml_b', at },
            { organizationId: org(), email: 'ada@EXAMPLE.com', reason: 'bounce', sourceId: 'eml_c', at },
          ]),
        );
      const stored = await rows();
      expect(stored.map((r) => [r.email, r.reason, r.source_id, r.expires_at])).toEqual([
        ['Ada@example.com', 'bounce', 'eml_a', null],
        ['bob@example.com', 'complaint', 'eml_b', null],
      ]);
      const records = await Promise.all(stored.map((r) => core.suppressions.get(auth, r.id)));
      expect(await published()).toEqual(records.map((data) => ({ type: 'suppression.added', data })));
    });

    it('rolls back with the caller transaction: nothing stored, nothing published', async () => {
      await subscribe();
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await suppressAddresses(trx, [{ organizationId: org(), email: 'ada@example.com', reason: 'bounce', sourceId: null, at: clock.now() }]);
            throw new Error('the caller failed');
          }),
      ).rejects.toThrow('the caller failed');
      expect(await rows()).toEqual([]);
      expect(await count('webhook_deliveries')).toBe(0);
    });

    it('keeps an address already suppressed, except that a complaint upgrades a bounce or a manual entry for good', async () => {
      await subscribe();
      const suppress = (email: string, reason: 'bounce' | 'complaint', sourceId: string) =>
        suppressAddresses(db(), [{ organizationId: org(), email, reason, sourceId, at: clock.now() }]);
      await suppress('bounced@example.com', 'bounce', 'eml_1');
      const manual = await add(['manual@example.com'], new Date(clock.now() + HOUR).toISOString());
      const before = await rows();
      const deliveries = await count('webhook_deliveries');
      clock.advance(1000);

      await suppress('bounced@example.com', 'bounce', 'eml_2');
      expect(await rows()).toEqual(before);

      await suppress('bounced@example.com', 'complaint', 'eml_3');
      await suppress('manual@example.com', 'complaint', 'eml_4');
      const upgraded = await rows();
      expect(upgraded.map((r) => [r.id, r.reason, r.source_id, r.expires_at, Number(r.created_at)])).toEqual([
        [before[0]!.id, 'complaint', 'eml_3', null, Number(before[0]!.created_at)],
        [manual.data[0].id, 'complaint', 'eml_4', null, Number(before[1]!.created_at)],
      ]);

      // A complaint stays a complaint.
      await suppress('bounced@example.com', 'bounce', 'eml_5');
      await suppress('bounced@example.com', 'complaint', 'eml_6');
      expect(await rows()).toEqual(upgraded);
      // Only new rows are news.
      expect(await count('webhook_deliveries')).toBe(deliveries);
    });
  });

  describe('removing', () => {
    it('removes a bounce or a manual entry by id or address, and publishes suppression.removed', async () => {
      await subscribe();
      const { data } = await add(['ada@example.com', 'bob@example.com']);
      expect(await invoke({ core, auth }, 'remove_suppression', { suppression: data[0].id })).toEqual({
        object: 'suppression',
        id: data[0].id,
        email: 'ada@example.com',
        deleted: true,
      });
      expect(await invoke({ core, auth }, 'remove_suppression', { suppression: 'BOB@example.com' })).toMatchObject({ id: data[1].id, deleted: true });
      expect(await rows()).toEqual([]);
      expect((await published()).filter((p) => p.type === 'suppression.removed')).toEqual([
        { type: 'suppression.removed', data: data[0] },
        { type: 'suppression.removed', data: data[1] },
      ]);
      await expectRefusal(invoke({ core, auth }, 'remove_suppression', { suppression: data[0].id }), { kind: 'not_found' });
    });

    it('removes a complaint only with force, and logs that it did', async () => {
      const warnings: { obj: unknown; msg: string | undefined }[] = [];
      const service = createSuppressionService(database.handle, clock, { warn: (obj, msg) => warnings.push({ obj, msg }) });
      await suppressAddresses(db(), [
        { organizationId: auth.organizationId, email: 'ada@example.com', reason: 'complaint', sourceId: 'eml_1', at: clock.now() },
      ]);
      const [row] = await rows();

      await expectRefusal(service.remove(auth, 'ada@example.com', { force: false }), {
        kind: 'conflict',
        code: 'COMPLAINT_SUPPRESSION',
        message:
          'ada@example.com is suppressed because its recipient reported a message as spam; mailing it again harms the sending domain. Remove it only with force: true',
        details: { id: row!.id, email: 'ada@example.com', reason: 'complaint' },
      });
      expect(await rows()).toEqual([row]);
      expect(warnings).toEqual([]);

      expect(await service.remove(auth, 'ada@example.com', { force: true })).toEqual({
        object: 'suppression',
        id: row!.id,
        email: 'ada@example.com',
        deleted: true,
      });
      expect(await rows()).toEqual([]);
      expect(warnings).toEqual([
        {
          obj: { organization_id: auth.organizationId, suppression_id: row!.id, email: 'ada@example.com', source_id: 'eml_1' },
          msg: 'complaint suppression removed with force',
        },
      ]);
    });
  });

  describe('the send pipeline', () => {
    const send = (to: string) => parseSendBody({ from: 'Acme <hello@acme.example>', to, subject: 'Hi', html: '<p>Hi</p>' });

    it('refuses a send whose only recipient is suppressed (RECIPIENT_SUPPRESSED), and stores nothing', async () => {
      await add(['ada@example.com']);
      await suppressAddresses(db(), [{ organizationId: auth.organizationId, email: 'bob@example.com', reason: 'bounce', sourceId: null, at: clock.now() }]);
      await expectRefusal(core.emails.send(auth, send('Ada <ADA@example.com>'), { source: 'api' }), {
        kind: 'validation_error',
        code: 'RECIPIENT_SUPPRESSED',
        message: 'Recipient ada@example.com (manual) is on the suppression list: nothing is sent to it (remove_suppression takes it off)',
        details: [{ path: 'to', message: 'ada@example.com is on the suppression list (manual)', email: 'ada@example.com', reason: 'manual' }],
      });
      const request = { ...send('ada@example.com'), to: [parseAddress('ada@example.com')!, parseAddress('bob@example.com')!] };
      await expectRefusal(core.emails.send(auth, request, { source: 'smtp' }), {
        kind: 'validation_error',
        code: 'RECIPIENT_SUPPRESSED',
        message: 'Every recipient is on the suppression list, so nothing was sent: ada@example.com (manual), bob@example.com (bounce)',
      });
      expect([await count('emails'), await count('jobs'), await count('recipient_guards')]).toEqual([0, 0, 0]);
    });

    it('records a suppressed recipient among others as suppressed, with no delivery job and no count by the recipient guard', async () => {
      const { data } = await add(['ada@example.com']);
      const request = { ...send('ada@example.com'), to: [parseAddress('ada@example.com')!, parseAddress('bob@example.com')!] };
      const { ids } = await core.emails.send(auth, request, { source: 'smtp' });
      expect(ids).toHaveLength(2);
      const [ada, bob] = await Promise.all(ids.map((id) => core.emails.get(auth, id)));
      expect(ada).toMatchObject({ to: ['ada@example.com'], last_event: 'suppressed' });
      expect(ada!.events).toEqual([
        {
          id: expect.any(String),
          type: 'suppressed',
          created_at: new Date(clock.now()).toISOString(),
          detail: { suppression_id: data[0].id, reason: 'manual' },
        },
      ]);
      expect(bob).toMatchObject({ to: ['bob@example.com'], last_event: 'queued' });
      expect(await db().selectFrom('jobs').select('ref_id').execute()).toEqual([{ ref_id: ids[1] }]);
      expect(await db().selectFrom('recipient_guards').select('mailbox').execute()).toEqual([{ mailbox: 'bob@example.com' }]);
    });

    it('refuses a suppressed address at once for doors that learn recipients one by one (SMTP RCPT TO)', async () => {
      await suppressAddresses(db(), [{ organizationId: auth.organizationId, email: 'ada@example.com', reason: 'bounce', sourceId: 'eml_1', at: clock.now() }]);
      await expectRefusal(core.emails.checkRecipient(auth, 'Ada@Example.com'), { kind: 'validation_error', code: 'RECIPIENT_SUPPRESSED' });
      await core.emails.checkRecipient(auth, 'bob@example.com');
    });
  });
});
