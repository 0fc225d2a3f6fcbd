import { Ajv2020 } from 'ajv/dist/2020.js';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import cpuTasks from '../../src/delivery/cpu-tasks.ts';
import { createEmailService, type EmailService, type ReplyContext } from '../../src/emails/index.ts';
import { REFERENCES_MAX, replySubject, threadHeaders } from '../../src/emails/reply.ts';
import { submissionToSendRequest, type SubmittedMessage } from '../../src/emails/submission.ts';
import { jsonSchemaOf, OPERATIONS, toolJsonSchemaOf, checkInput, type Core, type SendRequest } from '../../src/index.ts';
import { newOwner } from '../../src/queue/index.ts';
import { createThreadPool } from '../../src/threads/index.ts';
import { invoke, startTestCore, type TestCore } from '../helpers/core.ts';
import { expectRefusal } from '../helpers/errors.ts';

const RECEIVED = 'rcv_01kb0000000000000000000000';
const OTHER_RECEIVED = 'rcv_01kb0000000000000000000001';
const UNKNOWN = 'rcv_01kb00000000000000000000zz';

const question: ReplyContext = {
  messageId: '<q-2@customer.example>',
  references: ['<q-1@customer.example>', '<q-2@customer.example>'],
  subject: 'Where is my order?',
};

/** The header block of a raw message, each field unfolded, by lower-cased name (the last one of a name). */
function headersOf(raw: string): { fields: Map<string, string>; lines: string[] } {
  const block = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const lines = block.split('\r\n');
  const fields = new Map<string, string>();
  for (const field of block.split(/\r\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    fields.set(
      field.slice(0, colon).toLowerCase(),
      field
        .slice(colon + 1)
        .replace(/\r\n[ \t]/g, ' ')
        .trim(),
    );
  }
  return { fields, lines };
}

describe('a reply: threading headers and subject', () => {
  it('"Re: " and the received subject, once, within the subject limit', () => {
    expect(replySubject('Where is my order?')).toBe('Re: Where is my order?');
    expect(replySubject('Re: Where is my order?')).toBe('Re: Where is my order?');
    expect(replySubject('RE:Where')).toBe('RE:Where');
    expect(replySubject('re : x')).toBe('re : x');
    expect(replySubject('Regarding x')).toBe('Re: Regarding x');
    expect(replySubject('  two\r\n lines ')).toBe('Re: two lines');
    expect(replySubject(null)).toBe('Re:');
    expect(replySubject('')).toBe('Re:');
    const long = replySubject('x'.repeat(998));
    expect(long).toBe(`Re: ${'x'.repeat(994)}`);
    // A cut that would split a surrogate pair leaves the pair out.
    expect(replySubject(`${'x'.repeat(993)}😀y`)).toBe(`Re: ${'x'.repeat(993)}`);
  });

  it('In-Reply-To names the received message; References the thread, ending with it once; ids that are not ids are left out', () => {
    expect(threadHeaders(question)).toEqual({ inReplyTo: '<q-2@customer.example>', references: ['<q-1@customer.example>', '<q-2@customer.example>'] });
    expect(threadHeaders({ messageId: 'bare@customer.example', references: [], subject: null })).toEqual({
      inReplyTo: '<bare@customer.example>',
      references: ['<bare@customer.example>'],
    });
    expect(
      threadHeaders({
        messageId: '<m@x.example>',
        references: ['<m@x.example>', '<a@x.example>', '<a@x.example>', '<bad\r\nBcc: v@x.example>', '<sp ace@x>', '<ü@x.example>'],
        subject: null,
      }),
    ).toEqual({ inReplyTo: '<m@x.example>', references: ['<a@x.example>', '<m@x.example>'] });
    expect(threadHeaders({ messageId: null, references: ['<a@x.example>'], subject: null })).toEqual({ inReplyTo: null, references: ['<a@x.example>'] });
    expect(threadHeaders({ messageId: '<not an id>', references: [], subject: null })).toEqual({ inReplyTo: null, references: [] });
  });

  it(`keeps at most ${REFERENCES_MAX} references: the thread's root and the latest`, () => {
    const ids = Array.from({ length: 200 }, (_, i) => `<m${i}@x.example>`);
    const { references } = threadHeaders({ messageId: '<last@x.example>', references: ids, subject: null });
    expect(references).toEqual(['<m0@x.example>', ...ids.slice(200 - (REFERENCES_MAX - 2)), '<last@x.example>']);
  });
});

describe('send_email in_reply_to: the schema, for documents, tools and the server alike', () => {
  const ajv = new Ajv2020({ strict: false });
  const send = OPERATIONS.find((o) => o.name === 'send_email')!;
  const base = { from: 'a@example.com', to: 'b@example.org', html: '<p>x</p>' };

  it('a subject is required unless in_reply_to is given; in_reply_to is a received email id', () => {
    const doc = jsonSchemaOf(send.input, 'input');
    const tool = toolJsonSchemaOf(send.input, 'input');
    expect(doc.properties!.in_reply_to).toMatchObject({ type: 'string', pattern: '^rcv_[0-9a-hjkmnp-tv-z]{26}$' });
    expect(doc.properties!.in_reply_to!.description).toMatch(/^Answer a received email: its id \(rcv_…/);
    expect(doc.required).toEqual(['from', 'to']);
    // Some providers refuse anyOf at the top of a tool's input: the rule is said inside a not.
    expect(Object.keys(tool).filter((k) => ['oneOf', 'anyOf', 'allOf'].includes(k))).toEqual([]);
    const cases: [Record<string, unknown>, boolean][] = [
      [{ ...base, subject: 'Hi' }, true],
      [base, false],
      [{ ...base, in_reply_to: RECEIVED }, true],
      [{ ...base, subject: 'Hi', in_reply_to: RECEIVED }, true],
      [{ ...base, in_reply_to: 'eml_01kb0000000000000000000000' }, false],
      [{ ...base, in_reply_to: '' }, false],
    ];
    for (const [input, valid] of cases) {
      expect('data' in checkInput(send.input, input), JSON.stringify(input)).toBe(valid);
      expect(ajv.validate(doc, input), `document: ${JSON.stringify(input)}`).toBe(valid);
      expect(ajv.validate(tool, input), `tool: ${JSON.stringify(input)}`).toBe(valid);
    }
    expect(checkInput(send.input, base)).toEqual({ details: [{ path: 'subject', message: 'is required' }], headline: undefined });
    expect(checkInput(send.input, { ...base, in_reply_to: 'eml_01kb0000000000000000000000' })).toEqual({
      details: [{ path: 'in_reply_to', message: 'must be the id of a received email (rcv_…)' }],
      headline: undefined,
    });
  });

  it('a batch item takes in_reply_to too; a workflow step does not', () => {
    const batch = jsonSchemaOf(OPERATIONS.find((o) => o.name === 'send_batch')!.input, 'input') as { properties: { emails: { items: object } } };
    expect(ajv.validate(batch.properties.emails.items, { ...base, in_reply_to: RECEIVED })).toBe(true);
    expect(ajv.validate(batch.properties.emails.items, base)).toBe(false);
    const workflow = OPERATIONS.find((o) => o.name === 'create_workflow')!;
    const { to: _subscriber, ...step } = base;
    const input = { name: 'w', trigger: { type: 'subscriber_created' }, steps: [{ type: 'send_email', ...step, subject: 'Hi', in_reply_to: RECEIVED }] };
    expect(checkInput(workflow.input, input)).toEqual({
      details: [{ path: 'steps.0.in_reply_to', message: 'is not a known field' }],
      headline: undefined,
    });
  });
});

describe('answering a received email through the send pipeline', () => {
  let started: TestCore;
  let core: Core;
  let auth: AuthContext;
  let emails: EmailService;
  /** The received emails the port knows, by organization and id. */
  let received: Map<string, ReplyContext>;
  let lookups: [string, string][];

  beforeEach(async () => {
    started = await startTestCore();
    ({ core, auth } = started);
    received = new Map([[`${auth.organizationId} ${RECEIVED}`, question]]);
    lookups = [];
    // The email service as createCore builds it, with the port the receiving service answers.
    emails = createEmailService({
      db: started.database.handle,
      clock: started.clock,
      pool: createThreadPool({ threads: 0, tasks: cpuTasks }),
      owner: newOwner(),
      onAccepted: () => {},
      replyContext: async (organizationId, id) => {
        lookups.push([organizationId, id]);
        return received.get(`${organizationId} ${id}`) ?? null;
      },
    });
  });
  afterEach(async () => {
    await started.close();
  });

  const services = () => ({ core: { ...core, emails } as Core, auth });
  const emailCount = async () =>
    Number(
      (
        await core.db.db
          .selectFrom('emails')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Deliver what is queued (capture) and read the message an email went out as. */
  async function delivered(id: string): Promise<string> {
    await core.worker.drain();
    const email = await core.emails.get(auth, id);
    expect(email.last_event, JSON.stringify(email.events)).toBe('delivered');
    return email.raw!;
  }

  it('goes out in the thread: In-Reply-To, References, "Re:" subject; the To is the recipient', async () => {
    const { id } = await invoke(services(), 'send_email', {
      from: 'Shop <help@shop.example>',
      to: 'Ada <ada@customer.example>',
      html: '<p>On its way.</p>',
      in_reply_to: RECEIVED,
    });
    expect(lookups).toEqual([[auth.organizationId, RECEIVED]]);
    const email = await core.emails.get(auth, id);
    expect(email).toMatchObject({ subject: 'Re: Where is my order?', to: ['Ada <ada@customer.example>'], message_id: `<${id}@shop.example>` });
    const raw = await delivered(id);
    const { fields } = headersOf(raw);
    expect(fields.get('in-reply-to')).toBe('<q-2@customer.example>');
    expect(fields.get('references')).toBe('<q-1@customer.example> <q-2@customer.example>');
    expect(fields.get('subject')).toBe('Re: Where is my order?');
    expect(fields.get('to')).toBe('Ada <ada@customer.example>');
    expect(fields.get('message-id')).toBe(`<${id}@shop.example>`);
    const parsed = await simpleParser(raw);
    expect(parsed.inReplyTo).toBe('<q-2@customer.example>');
    expect(parsed.references).toEqual(['<q-1@customer.example>', '<q-2@customer.example>']);
    expect(parsed.html).toBe('<p>On its way.</p>');
  });

  it('keeps a subject given, and threads all the same', async () => {
    const { id } = await invoke(services(), 'send_email', {
      from: 'help@shop.example',
      to: 'ada@customer.example',
      subject: 'Your order ships today',
      markdown: 'Soon.',
      in_reply_to: RECEIVED,
    });
    const { fields } = headersOf(await delivered(id));
    expect(fields.get('subject')).toBe('Your order ships today');
    expect(fields.get('in-reply-to')).toBe('<q-2@customer.example>');
  });

  it('folds a long References at spaces, every id whole and in order', async () => {
    const thread = Array.from({ length: 40 }, (_, i) => `<message-${i}.of.a.long.thread@customer.example>`);
    received.set(`${auth.organizationId} ${OTHER_RECEIVED}`, { messageId: thread.at(-1)!, references: thread, subject: 'Re: Re: Re: x' });
    const { id } = await invoke(services(), 'send_email', { from: 'help@shop.example', to: 'ada@customer.example', html: 'x', in_reply_to: OTHER_RECEIVED });
    const raw = await delivered(id);
    const { fields, lines } = headersOf(raw);
    expect(fields.get('subject')).toBe('Re: Re: Re: x');
    expect(fields.get('references')).toBe(thread.join(' '));
    const start = lines.findIndex((l) => l.startsWith('References:'));
    const folded = lines.slice(start, start + 1 + lines.slice(start + 1).findIndex((l) => !/^[ \t]/.test(l)));
    expect(folded.length).toBeGreaterThan(10);
    for (const line of folded) {
      expect(line.length).toBeLessThanOrEqual(78);
      expect(line.trim()).toMatch(/^(References: )?<[^<>\s]+>( <[^<>\s]+>)*$/);
    }
  });

  it('refuses an id that names no received email of this organization (422 on in_reply_to); nothing is stored', async () => {
    const other = await core.orgs.create({ name: 'Other', plan: 'free' });
    received.set(`${other.org.id} ${OTHER_RECEIVED}`, question);
    const detail = (id: string) => ({ path: 'in_reply_to', message: `is not a received email of this organization (${id}): list_received_emails lists them` });
    for (const id of [UNKNOWN, OTHER_RECEIVED]) {
      await expectRefusal(invoke(services(), 'send_email', { from: 'help@shop.example', to: 'ada@customer.example', html: 'x', in_reply_to: id }), {
        kind: 'validation_error',
        message: `in_reply_to ${detail(id).message}`,
        details: [detail(id)],
      });
    }
    expect(lookups).toEqual([
      [auth.organizationId, UNKNOWN],
      [auth.organizationId, OTHER_RECEIVED],
    ]);
    expect(await emailCount()).toBe(0);
  });

  it('without a receiving port, no id names a received email', async () => {
    await expectRefusal(invoke(started, 'send_email', { from: 'help@shop.example', to: 'ada@customer.example', html: 'x', in_reply_to: RECEIVED }), {
      kind: 'validation_error',
      details: [{ path: 'in_reply_to', message: `is not a received email of this organization (${RECEIVED}): list_received_emails lists them` }],
    });
  });

  it('looks the received email up once per send, never for a replay; a refused lookup releases the key', async () => {
    const input = { from: 'help@shop.example', to: 'ada@customer.example', html: 'x', in_reply_to: OTHER_RECEIVED, idempotency_key: 'reply-1' };
    await expectRefusal(invoke(services(), 'send_email', input), { kind: 'validation_error' });
    received.set(`${auth.organizationId} ${OTHER_RECEIVED}`, question);
    const first = await invoke(services(), 'send_email', input);
    const replay = await invoke(services(), 'send_email', input);
    expect(replay).toEqual(first);
    expect(lookups).toHaveLength(2);
    // The same key answering another received email is another request.
    await expectRefusal(invoke(services(), 'send_email', { ...input, in_reply_to: RECEIVED }), { kind: 'idempotency_conflict' });
    expect(await emailCount()).toBe(1);
  });

  it('a batch: each item answers its own received email; an unknown one is refused at its index', async () => {
    const item = (to: string, in_reply_to?: string) => ({
      from: 'help@shop.example',
      to,
      html: 'x',
      ...(in_reply_to ? { in_reply_to } : { subject: 'Plain' }),
    });
    const result = await invoke(services(), 'send_batch', {
      emails: [item('a@customer.example', RECEIVED), item('b@customer.example', UNKNOWN), item('c@customer.example')],
      validation: 'permissive',
    });
    expect(result).toEqual({
      data: [{ id: expect.stringMatching(/^eml_/) }, { id: expect.stringMatching(/^eml_/) }],
      errors: [
        {
          index: 1,
          message: `[1].in_reply_to is not a received email of this organization (${UNKNOWN}): list_received_emails lists them`,
          details: [{ path: '[1].in_reply_to', message: `is not a received email of this organization (${UNKNOWN}): list_received_emails lists them` }],
        },
      ],
    });
    const answer = await delivered(result.data[0].id);
    const plain = await delivered(result.data[1].id);
    expect(headersOf(answer!).fields.get('in-reply-to')).toBe('<q-2@customer.example>');
    expect(headersOf(answer!).fields.get('subject')).toBe('Re: Where is my order?');
    expect(headersOf(plain!).fields.has('in-reply-to')).toBe(false);
    expect(headersOf(plain!).fields.has('references')).toBe(false);
  });

  it('a received email with no ids: the subject alone says it is an answer', async () => {
    received.set(`${auth.organizationId} ${OTHER_RECEIVED}`, { messageId: null, references: [], subject: 'Hello' });
    const { id } = await invoke(services(), 'send_email', { from: 'help@shop.example', to: 'ada@customer.example', html: 'x', in_reply_to: OTHER_RECEIVED });
    const { fields } = headersOf(await delivered(id));
    expect(fields.get('subject')).toBe('Re: Hello');
    expect(fields.has('in-reply-to')).toBe(false);
    expect(fields.has('references')).toBe(false);
  });

  it("keeps a submitted message's own threading, headers and attachments", async () => {
    const message: SubmittedMessage = {
      recipients: ['ada@customer.example'],
      from: [{ name: '', address: 'help@shop.example' }],
      replyTo: [],
      to: [{ name: 'Ada', address: 'ada@customer.example' }],
      cc: [],
      subject: 'Own',
      html: null,
      text: 'hi',
      messageId: '<own@shop.example>',
      inReplyTo: '<own-parent@shop.example>',
      references: ['<own-root@shop.example>', '<own-parent@shop.example>'],
      date: null,
      headers: [{ name: 'X-Ticket', value: '7' }],
      attachments: [],
    };
    const request: SendRequest = { ...submissionToSendRequest(message), inReplyTo: RECEIVED };
    const { ids } = await emails.send(auth, request, { source: 'smtp' });
    const { fields } = headersOf(await delivered(ids[0]!));
    expect(fields.get('in-reply-to')).toBe('<own-parent@shop.example>');
    expect(fields.get('references')).toBe('<own-root@shop.example> <own-parent@shop.example>');
    expect(fields.get('x-ticket')).toBe('7');
    expect(fields.get('subject')).toBe('Own');
    // Without threading of its own, the message takes the received email's, and keeps the rest.
    const bare = { ...message, recipients: ['bea@customer.example'], inReplyTo: null, references: [] };
    const answered = await emails.send(auth, { ...submissionToSendRequest(bare), inReplyTo: RECEIVED }, { source: 'smtp' });
    const again = headersOf(await delivered(answered.ids[0]!)).fields;
    expect(again.get('in-reply-to')).toBe('<q-2@customer.example>');
    expect(again.get('references')).toBe('<q-1@customer.example> <q-2@customer.example>');
    expect(again.get('to')).toBe('Ada <ada@customer.example>');
    expect(again.get('x-ticket')).toBe('7');
    expect(again.get('message-id')).toBe('<own@shop.example>');
  });
});
