import { describe, expect, it } from 'vitest';
import { parseBody, parseSendBody, subscriberCreateSchema, workflowCreateSchema, type Core } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { useTestCore } from '../helpers/core.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import { expectRefusal } from '../helpers/errors.ts';

/**
 * Who may send, through createCore on a real test database: with a relay
 * (RELAY_URL) only from the organization's verified domains, whichever path a
 * send takes (a send, a batch, a workflow step, a form's confirmation email);
 * in capture mode from any domain. The relay is never reached: nothing here is
 * delivered. The doors' answers (403, 550 5.7.1, isError) are in e2e/domains.test.ts.
 */
const RELAY = { RELAY_URL: 'smtp://127.0.0.1:9' };
const body = (from: string) => parseSendBody({ from, to: 'reader@example.net', subject: 'Hi', html: '<p>Hi</p>' });
const refusal = (domains: string[]) => ({
  kind: 'forbidden' as const,
  code: 'domain_not_verified',
  details: { domains },
  message: new RegExp(`^The sending domains? ${domains.join(', ').replace(/\./g, '\\.')} (is|are) not verified for this organization`),
});

describe('sending domains with a relay', () => {
  let core: Core;
  let auth: AuthContext;
  let database: TestDatabase;
  useTestCore({ env: RELAY }, (started) => ({ core, auth, database } = started));

  const emailCount = async () =>
    (
      await database.handle.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuses a send from a domain the organization has not verified, and stores nothing', async () => {
    await expectRefusal(core.emails.send(auth, body('Acme <hello@acme.example>'), { source: 'api' }), refusal(['acme.example']));
    expect(Number(await emailCount())).toBe(0);
  });

  it('accepts its verified domain in any case and form, and not a pending one or a subdomain', async () => {
    await addVerifiedDomain(database.handle, 'acme.example', auth.organizationId);
    await addVerifiedDomain(database.handle, 'bücher.example', auth.organizationId);
    await core.domains.create(auth, 'pending.example');
    expect((await core.emails.send(auth, body('hello@ACME.Example'), { source: 'api' })).ids).toHaveLength(1);
    expect((await core.emails.send(auth, body('info@bücher.example'), { source: 'api' })).ids).toHaveLength(1);
    expect((await core.emails.send(auth, body('info@xn--bcher-kva.example'), { source: 'api' })).ids).toHaveLength(1);
    await expectRefusal(core.emails.send(auth, body('a@pending.example'), { source: 'api' }), refusal(['pending.example']));
    await expectRefusal(core.emails.send(auth, body('a@mail.acme.example'), { source: 'api' }), refusal(['mail.acme.example']));
  });

  it("does not take another organization's verified domain", async () => {
    const other = await core.orgs.create({ name: 'Other', plan: 'enterprise' });
    await addVerifiedDomain(database.handle, 'acme.example', other.org.id);
    await expectRefusal(core.emails.send(auth, body('hello@acme.example'), { source: 'api' }), refusal(['acme.example']));
  });

  it('refuses a batch whole, naming each such domain once, in permissive mode too', async () => {
    await addVerifiedDomain(database.handle, 'acme.example', auth.organizationId);
    const items = ['a@acme.example', 'b@one.example', 'c@two.example', 'd@one.example'].map((from) => ({ request: body(from) }));
    await expectRefusal(core.emails.sendBatch(auth, items, { mode: 'permissive' }), refusal(['one.example', 'two.example']));
    expect(Number(await emailCount())).toBe(0);
  });

  it("fails a workflow's send step from an unverified domain at once, without retrying it", async () => {
    const workflow = await core.workflows.create(
      auth,
      parseBody(workflowCreateSchema, {
        name: 'Welcome',
        trigger: { type: 'subscriber_created' },
        steps: [{ type: 'send_email', from: 'hi@acme.example', subject: 'Welcome', markdown: 'Hi' }],
      }),
    );
    await core.audience.upsertSubscriber(auth, parseBody(subscriberCreateSchema, { email: 'ann@example.com' }));
    await core.worker.drain();
    const [run] = (await core.workflows.listRuns(auth, workflow.id, { limit: 10 })).data;
    expect(run).toMatchObject({ status: 'failed' });
    expect(run!.last_error).toMatch(/^step 0: The sending domain acme\.example is not verified/);
    expect(Number(await emailCount())).toBe(0);
  });

  it("refuses a form's double opt-in from an unverified domain before keeping its confirmation", async () => {
    await expectRefusal(
      core.integrations.submitForm(auth, { email: 'fan@example.net', double_opt_in: 'true', confirm_from: 'news@acme.example' }),
      refusal(['acme.example']),
    );
    expect(await database.handle.db.selectFrom('form_confirmations').selectAll().execute()).toEqual([]);
  });
});

describe('sending domains in capture mode', () => {
  let core: Core;
  let auth: AuthContext;
  useTestCore({}, (started) => ({ core, auth } = started));

  it('lets any domain send, verified or not', async () => {
    expect((await core.emails.send(auth, body('hello@anything.example'), { source: 'api' })).ids).toHaveLength(1);
  });
});
