import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { addReceivingDomain } from '../helpers/received.ts';
import { startTestServer, type TestServer, waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createUser } from '../helpers/users.ts';

// Workflows and received mail in Chromium, on one server wired as `npm start`
// wires it (worker, inbound listener, a relay that is an SMTP sink, the senders'
// SPF, DKIM and DMARC records on a DNS server on loopback). A member writes a
// workflow in the form (the API's refusal shown at its field, steps moved),
// sees it listed, disables and enables it, and sees a run's steps; then reads
// mail a remote MTA delivered, in its conversation, with what checking the
// sender found and its attachment, and answers it: the answer reaches the relay
// threaded under the message.

const MEMBER = 'meg@example.com';
const VIEWER = 'vic@example.com';

describe('workflows and the inbox', () => {
  let dns: TestDnsServer;
  let relay: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let privateKey = '';
  const pdf = Buffer.from('%PDF-1.4\nan invoice\n');
  const json = (res: Response) => res.json() as Promise<any>;

  beforeAll(async () => {
    [dns, relay, browser] = await Promise.all([startDnsServer(), startSmtpSink(), launchBrowser()]);
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const published = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns.set('s1._domainkey.sender.example', [{ type: 'TXT', text: `v=DKIM1; k=rsa; p=${published}` }]);
    dns.set('sender.example', [{ type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' }]);
    dns.set('_dmarc.sender.example', [{ type: 'TXT', text: 'v=DMARC1; p=none' }]);
    server = await startTestServer({ inbound: true, env: { RELAY_URL: `smtp://127.0.0.1:${relay.port}`, DNS_SERVERS: dns.address } });
    await Promise.all([
      createUser(server, { email: MEMBER, role: 'member' }),
      createUser(server, { email: VIEWER, role: 'viewer' }),
      addReceivingDomain(server.database.handle, 'help.example'),
      addReceivingDomain(server.database.handle, 'sales.example'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await relay?.close();
    await dns?.close();
  });

  async function open(url: string, email = MEMBER): Promise<Page> {
    const context = await signedInContext(browser, server, email);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  it('creates a workflow in the form, lists it, disables and enables it, and shows a run at each step', async () => {
    const page = await open('/app/workflows');
    await page.getByText('No workflows').waitFor();
    await page.getByRole('button', { name: 'New workflow' }).click();
    await page.getByRole('heading', { name: 'New workflow' }).waitFor();
    await page.getByLabel('Name').fill('Welcome VIPs');
    await page.getByRole('button', { name: /Starts when/ }).click();
    await page.getByRole('option', { name: 'A tag is added to a subscriber' }).click();
    await page.getByRole('group', { name: 'Trigger' }).getByRole('textbox', { name: 'Tag' }).fill('vip');

    const steps = page.getByRole('group', { name: 'Add a step' });
    await steps.getByRole('button', { name: '+ Wait' }).click();
    await page.getByRole('group', { name: 'Step 1: Wait' }).getByLabel('Wait for').fill('0');
    await steps.getByRole('button', { name: '+ Add a tag' }).click();
    await page.getByRole('group', { name: 'Step 2: Add a tag' }).getByRole('textbox', { name: 'Tag' }).fill('welcomed');
    await steps.getByRole('button', { name: '+ Send an email' }).click();
    const send = page.getByRole('group', { name: 'Step 3: Send an email' });
    await send.getByLabel('From').fill('Support <support@help.example>');
    await send.getByLabel('Subject').fill('Welcome, {{first_name | "there"}}');
    await send.getByLabel('Content').fill('Glad you are **here**.');

    // The API refuses a wait of 0: its words stand under that step's field.
    await page.getByRole('button', { name: 'Create workflow' }).click();
    const wait = page.getByRole('group', { name: 'Step 1: Wait' });
    await wait.getByText('must be at least 1').waitFor();
    expect(await wait.getByLabel('Wait for').getAttribute('aria-invalid')).toBe('true');
    expect((await json(await server.api('/api/v2/workflows'))).data).toEqual([]);

    await wait.getByLabel('Wait for').fill('2');
    await page.getByRole('button', { name: 'Move step 1 down' }).click();
    await page.getByRole('button', { name: 'Move step 2 down' }).click();
    await page.getByRole('group', { name: 'Step 3: Wait' }).waitFor();
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByRole('heading', { name: 'Welcome VIPs', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    expect(await json(await server.api(`/api/v2/workflows/${id}`))).toMatchObject({
      name: 'Welcome VIPs',
      status: 'active',
      trigger: { type: 'tag_added', tag: 'vip' },
      steps: [
        { type: 'add_tag', tag: 'welcomed' },
        { type: 'send_email', from: 'Support <support@help.example>', subject: 'Welcome, {{first_name | "there"}}', markdown: 'Glad you are **here**.' },
        { type: 'wait', seconds: 2 * 86_400 },
      ],
    });
    const outline = page.getByRole('region', { name: 'Steps' }).getByRole('listitem');
    expect(await outline.allTextContents()).toEqual([
      'Add the tag “welcomed”',
      'Send “Welcome, {{first_name | "there"}}” from Support <support@help.example>',
      'Wait 2 days',
    ]);

    await page.getByRole('link', { name: '← Workflows' }).click();
    const row = page.getByRole('row', { name: /Welcome VIPs/ });
    await row.waitFor();
    expect(await row.getByRole('gridcell').allTextContents()).toEqual(expect.arrayContaining(['When the tag “vip” is added', '3', 'Active']));
    await row.getByRole('link', { name: 'Welcome VIPs' }).click();

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect((await json(await server.api(`/api/v2/workflows/${id}`))).status).toBe('paused');
    await page.getByText('Paused: no new runs start').waitFor();
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();
    expect((await json(await server.api(`/api/v2/workflows/${id}`))).status).toBe('active');

    // A subscriber tagged vip: the run tags them, sends, and waits at step 3.
    const subscriber = await json(await server.api('/api/v2/subscribers', { body: { email: 'ann@customer.example', first_name: 'Ann' } }));
    expect((await server.api(`/api/v2/subscribers/${subscriber.id}/tags`, { body: { tags: ['vip'] } })).status).toBeLessThan(300);
    await waitFor(async () => ((await json(await server.api(`/api/v2/workflows/${id}/runs`))).data[0]?.status === 'waiting' ? true : undefined));
    await page.getByRole('button', { name: 'Refresh' }).click();
    const run = page.getByRole('row', { name: new RegExp(subscriber.id) });
    await run.getByText('Waiting', { exact: true }).waitFor();
    const outcomes = (await run.getByRole('list', { name: 'Steps' }).getByRole('listitem').allTextContents()).map((t) => t.replace(/ until .*/, ''));
    expect(outcomes).toEqual([
      '1. Add the tag “welcomed”: done',
      '2. Send “Welcome, {{first_name | "there"}}” from Support <support@help.example>: done',
      '3. Wait 2 days: waiting',
    ]);
    await page.getByText('1 in all: 1 in progress, 0 completed, 0 failed, 0 cancelled').waitFor();
    await page.getByRole('link', { name: '← Workflows' }).click();
    // The list shows what it fetched before the run while it asks again: wait for the new count.
    await page
      .getByRole('row', { name: /Welcome VIPs/ })
      .getByRole('gridcell', { name: '1 (1 in progress)', exact: true })
      .waitFor();
    const welcome = await waitFor(async () => relay.messages.find((m) => m.envelope.rcptTo.includes('ann@customer.example')));
    expect(welcome.parsed.subject).toBe('Welcome, Ann');
    await page.context().close();
  });

  it('reads received mail in its conversation, with the sender checks and the attachment, and replies in the thread', async () => {
    const mta = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.inboundPort!,
      secure: false,
      name: 'mx.sender.example',
      tls: { rejectUnauthorized: false },
    });
    const dkim = { domainName: 'sender.example', keySelector: 's1', privateKey };
    await mta.sendMail({
      from: 'Ada Lovelace <ada@sender.example>',
      to: 'Support <support@help.example>',
      subject: 'Where is my order?',
      messageId: '<order-1@sender.example>',
      text: 'Order 1042 has not arrived.',
      dkim,
    });
    await mta.sendMail({
      from: 'Ada Lovelace <ada@sender.example>',
      to: 'Support <support@help.example>',
      subject: 'Re: Where is my order?',
      messageId: '<order-2@sender.example>',
      inReplyTo: '<order-1@sender.example>',
      references: ['<order-1@sender.example>'],
      text: 'Here is the invoice.',
      html: '<p>Here is the <b>invoice</b>.</p><script>parent.document.title = "owned"</script>',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf }],
      dkim,
    });
    await mta.sendMail({ from: 'bob@sender.example', to: 'team@sales.example', subject: 'A quote, please', text: 'How much?', dkim });
    mta.close();

    const page = await open('/app/inbox');
    const conversations = page.getByRole('grid', { name: 'Conversations' });
    await conversations.getByRole('rowheader', { name: 'A quote, please' }).waitFor();
    expect(await conversations.getByRole('rowheader').allTextContents()).toEqual(['A quote, please', 'Re: Where is my order?']);
    expect(
      await page
        .getByRole('row', { name: /Where is my order/ })
        .getByRole('gridcell')
        .allTextContents(),
    ).toEqual(expect.arrayContaining(['Ada Lovelace', '2', '1']));
    await page.getByRole('button', { name: /Receiving domain/ }).click();
    await page.getByRole('option', { name: 'help.example' }).click();
    await conversations.getByRole('rowheader', { name: 'A quote, please' }).waitFor({ state: 'detached' });
    await conversations.getByRole('rowheader', { name: 'Re: Where is my order?' }).waitFor();
    expect(await conversations.getByRole('rowheader').allTextContents()).toEqual(['Re: Where is my order?']);
    expect(new URL(page.url()).searchParams.get('domain')).toBe('help.example');

    await conversations.getByRole('link', { name: 'Re: Where is my order?' }).click();
    await page.getByRole('heading', { name: 'Re: Where is my order?', level: 1 }).waitFor();
    const checks = page.getByRole('region', { name: 'Sender checks' });
    for (const name of ['SPF', 'DKIM', 'DMARC']) expect(await checks.getByRole('term').filter({ hasText: name }).count()).toBe(1);
    expect(await checks.getByText('Pass', { exact: true }).count()).toBe(3);
    await checks.getByText('sender.example (selector s1): pass').waitFor();
    await checks.getByText('The From domain sender.example publishes the policy “none”.').waitFor();
    // The HTML is in a frame where no script runs.
    expect(await page.locator('iframe[sandbox=""]').count()).toBe(1);
    expect(await page.title()).not.toContain('owned');

    const attachment = page.getByRole('link', { name: 'invoice.pdf' });
    const bytes = await page.request.get((await attachment.getAttribute('href'))!);
    expect(bytes.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await bytes.body())).toEqual(pdf);
    const raw = await page.request.get((await page.getByRole('link', { name: /Download the raw message/ }).getAttribute('href'))!);
    expect((await raw.text()).includes('Message-ID: <order-2@sender.example>')).toBe(true);

    // The first message of the conversation is listed, and opens.
    await page.getByRole('region', { name: 'In this conversation' }).getByRole('link', { name: 'Where is my order?' }).waitFor();

    const reply = page.getByRole('region', { name: 'Reply' });
    expect(await reply.getByLabel('From').inputValue()).toBe('support@help.example');
    expect(await reply.getByLabel('To').inputValue()).toBe('Ada Lovelace <ada@sender.example>');
    expect(await reply.getByLabel('Subject').inputValue()).toBe('Re: Where is my order?');
    await reply.getByLabel('Message').fill('It left our warehouse today.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await reply.getByText('Reply sent').waitFor();
    const answer = await waitFor(async () => relay.messages.find((m) => m.envelope.rcptTo.includes('ada@sender.example')));
    expect(answer.parsed.subject).toBe('Re: Where is my order?');
    expect(answer.parsed.inReplyTo).toBe('<order-2@sender.example>');
    expect(answer.parsed.references).toEqual(['<order-1@sender.example>', '<order-2@sender.example>']);
    expect(answer.parsed.text).toContain('It left our warehouse today.');
    await page.context().close();
  });

  it('shows a viewer the workflow and the message with no control to change or answer them', async () => {
    const [workflow] = (await json(await server.api('/api/v2/workflows'))).data;
    const [received] = (await json(await server.api('/api/v2/received-emails?domain=help.example'))).data;
    const page = await open(`/app/workflows/${workflow.id}`, VIEWER);
    await page.getByRole('heading', { name: 'Welcome VIPs', level: 1 }).waitFor();
    await page.getByRole('grid', { name: 'Runs' }).waitFor();
    for (const name of ['Disable', 'Edit', 'Delete']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    await page.goto('/app/workflows');
    await page.getByRole('rowheader', { name: 'Welcome VIPs' }).waitFor();
    expect(await page.getByRole('button', { name: 'New workflow' }).count()).toBe(0);
    await page.goto(`/app/inbox/${received.id}`);
    await page.getByRole('region', { name: 'Sender checks' }).waitFor();
    expect(await page.getByRole('region', { name: 'Reply' }).count()).toBe(0);
    await page.context().close();
  });

  it('passes axe at 1280 and 390 px: the workflow list and form, the inbox and a message', async () => {
    const [workflow] = (await json(await server.api('/api/v2/workflows'))).data;
    const [received] = (await json(await server.api('/api/v2/received-emails?domain=help.example'))).data;
    await checkScreen(browser, server, {
      email: MEMBER,
      url: '/app/workflows',
      name: 'workflows',
      ready: (page) => page.getByRole('rowheader', { name: 'Welcome VIPs' }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: MEMBER,
      url: `/app/workflows/${workflow.id}/edit`,
      name: 'workflow-form',
      ready: (page) => page.getByRole('group', { name: 'Step 3: Wait' }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: MEMBER,
      url: '/app/inbox',
      name: 'inbox',
      ready: (page) => page.getByRole('rowheader', { name: 'Re: Where is my order?' }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: MEMBER,
      url: `/app/inbox/${received.id}`,
      name: 'received-email',
      ready: (page) => page.getByRole('region', { name: 'In this conversation' }).getByRole('link').waitFor(),
    });
  }, 90_000);
});
