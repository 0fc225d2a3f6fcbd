import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReceivingDomain } from '../helpers/received.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

// An agent holding a conversation by email through /mcp: mail arrives for a
// receiving domain from a remote MTA, the agent lists and reads it with the MCP
// SDK's client, answers it with send_email and in_reply_to, and the answer
// reaches the relay threaded under the message it answers.

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> };

describe('an agent reads and answers received mail over /mcp', () => {
  let server: TestServer;
  let relay: SmtpSink;
  let agent: Client;

  beforeAll(async () => {
    relay = await startSmtpSink();
    // DNS that refuses at once: the checks end as temperror, which changes nothing here.
    server = await startTestServer({ inbound: true, env: { RELAY_URL: `smtp://127.0.0.1:${relay.port}`, DNS_SERVERS: '127.0.0.1:9' } });
    await addReceivingDomain(server.database.handle, 'help.example');
    agent = new Client({ name: 'support-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
  });
  afterAll(async () => {
    await agent?.close();
    await server?.close();
    await relay?.close();
  });

  async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = (await agent.callTool({ name, arguments: args })) as ToolResult;
    expect(result.isError ?? false).toBe(false);
    return result.structuredContent!;
  }

  it('lists the message, reads it, replies in its thread, and the reply leaves with In-Reply-To, References and Re:', async () => {
    // A customer's MTA delivers a message that is itself an answer in an older thread.
    const mta = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundPort!, secure: false, ignoreTLS: true, name: 'mx.customer.example' });
    const sent = await mta.sendMail({
      from: 'Ada Lovelace <ada@customer.example>',
      to: 'Support <support@help.example>',
      subject: 'Where is my order?',
      messageId: '<question-2@customer.example>',
      inReplyTo: '<ack-1@help.example>',
      references: ['<order-1@customer.example>', '<ack-1@help.example>'],
      text: 'Order 1042 has not arrived. Can you check?',
    });
    expect(sent.response).toBe('250 2.0.0 Ok: received');

    const listed = await call('list_received_emails', { to: 'support@help.example' });
    const items = listed.data as { id: string; subject: string; from: string }[];
    expect(items.map(({ subject, from }) => ({ subject, from }))).toEqual([{ subject: 'Where is my order?', from: 'Ada Lovelace <ada@customer.example>' }]);
    const id = items[0]!.id;
    expect(id).toMatch(/^rcv_[0-9a-z]{26}$/);

    const read = await call('get_received_email', { id });
    expect(read).toMatchObject({
      object: 'received_email',
      id,
      message_id: '<question-2@customer.example>',
      references: ['<order-1@customer.example>', '<ack-1@help.example>'],
      text: 'Order 1042 has not arrived. Can you check?\n',
      recipients: ['support@help.example'],
    });

    const reply = await call('send_email', {
      from: 'Support <support@help.example>',
      to: 'ada@customer.example',
      in_reply_to: id,
      markdown: 'It left our warehouse today.',
    });
    expect(reply.id).toMatch(/^eml_/);

    const delivered = await waitFor(async () => relay.messages.find((m) => m.envelope.rcptTo.includes('ada@customer.example')));
    expect(delivered.parsed.subject).toBe('Re: Where is my order?');
    expect(delivered.parsed.inReplyTo).toBe('<question-2@customer.example>');
    expect(delivered.parsed.references).toEqual(['<order-1@customer.example>', '<ack-1@help.example>', '<question-2@customer.example>']);
    expect(delivered.parsed.text).toContain('It left our warehouse today.');
  });

  it("finds another organization's received email nowhere: get_received_email, its raw message and the list", async () => {
    const other = await server.core.orgs.create({ name: 'Other', plan: 'free' });
    await addReceivingDomain(server.database.handle, 'other-help.example', other.org.id);
    const sender = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundPort!, secure: false, ignoreTLS: true });
    await sender.sendMail({ from: 'bob@customer.example', to: 'desk@other-help.example', subject: 'For the other organization', text: 'Not yours.' });
    const asOther = await fetch(`${server.url}/api/v2/received-emails`, { headers: { authorization: `Bearer ${other.token.token}` } });
    const [theirs] = ((await asOther.json()) as { data: { id: string; subject: string }[] }).data;
    expect(theirs!.subject).toBe('For the other organization');

    for (const name of ['get_received_email', 'get_received_email_raw']) {
      const result = (await agent.callTool({ name, arguments: { id: theirs!.id } })) as ToolResult & { content: { text: string }[] };
      expect(result.isError, name).toBe(true);
      expect(JSON.parse(result.content[0]!.text.split('\n')[1]!), name).toEqual({ name: 'not_found', message: `Received email ${theirs!.id} not found` });
    }
    const listed = await call('list_received_emails', {});
    expect((listed.data as { subject: string }[]).map((m) => m.subject)).not.toContain('For the other organization');
  });

  it('answers an in_reply_to that names no received email of the organization with a tool error naming the field, sending nothing', async () => {
    const result = (await agent.callTool({
      name: 'send_email',
      arguments: { from: 'support@help.example', to: 'ada@customer.example', in_reply_to: 'rcv_01kb0000000000000000000000', markdown: 'x' },
    })) as ToolResult & { content: { text: string }[] };
    expect(result.isError).toBe(true);
    const message = 'is not a received email of this organization (rcv_01kb0000000000000000000000): list_received_emails lists them';
    expect(result.content[0]!.text.split('\n')[0]).toBe(`in_reply_to ${message}`);
    expect(JSON.parse(result.content[0]!.text.split('\n')[1]!)).toEqual({
      name: 'validation_error',
      message: `in_reply_to ${message}`,
      details: [{ path: 'in_reply_to', message }],
    });
    expect(relay.rcptAttempts.filter((a) => a === 'ada@customer.example')).toHaveLength(1);
  });
});
