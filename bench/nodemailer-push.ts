// The baseline for bench:campaign, in its own process: nodemailer alone pushing
// COUNT campaign messages into the sink (bench/relay-sink.ts), over a pooled SMTP
// transport set up like Mailgate's relay transport (src/delivery/relay-transport.ts:
// pool, MAX_CONNECTIONS connections, unlimited messages per connection), with
// WINDOW sends in flight (Mailgate's DELIVERY_CONCURRENCY default is 32).
//
//   MODE=compose  each message's fields are ready (the same personalized subject,
//                 HTML and text the fan-out makes, unsubscribe headers, Message-ID);
//                 nodemailer builds the MIME message per send.
//                 With DKIM_KEY_FILE (+ DKIM_SELECTOR, DKIM_DOMAIN) each message is
//                 DKIM-signed by nodemailer's signer, as Mailgate signs a verified
//                 domain's mail.
//   MODE=raw      messages are built as MIME before the clock starts (DISTINCT of
//                 them, reused in turn with each recipient's own envelope);
//                 nodemailer only hands the bytes over, as the relay transport does
//                 (never signed: this is the transport's ceiling).
//
// Prints READY when it starts sending; writes what happened as JSON to RESULT_FILE
// and exits when every send has its answer.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { newId } from '../src/ids.ts';
import { CAMPAIGN_FROM, compiledCampaign, personalized, subscriberAt } from './campaign-fixture.ts';

const PORT = Number(process.env.PORT);
const COUNT = Number(process.env.COUNT ?? 1000);
const MODE = process.env.MODE === 'raw' ? 'raw' : 'compose';
const MAX_CONNECTIONS = Number(process.env.MAX_CONNECTIONS ?? 5);
const WINDOW = Number(process.env.WINDOW ?? 32);
const DISTINCT = Math.min(COUNT, Number(process.env.DISTINCT ?? 2000));
const RESULT_FILE = process.env.RESULT_FILE!;

const compiled = compiledCampaign();
const secret = randomBytes(32);
const campaignId = newId('cmp');

/** Recipient i's message fields, as Mailgate would send them (a signed one-click unsubscribe link included). */
function messageFor(i: number): Mail.Options {
  const s = subscriberAt(i);
  const subscriberId = newId('sub');
  const emailId = newId('eml');
  const mac = createHmac('sha256', secret).update(`unsubscribe\u0000${subscriberId}\u0000${campaignId}`).digest('base64url').slice(0, 22);
  const unsubscribe = `http://127.0.0.1:3000/unsubscribe/${subscriberId}.${campaignId}.${mac}`;
  const p = personalized(compiled, s, unsubscribe);
  return {
    from: CAMPAIGN_FROM,
    to: s.email,
    subject: p.subject,
    html: p.html,
    text: p.text,
    messageId: `<${emailId}@acme.example>`,
    date: new Date(),
    headers: {
      'X-Mailgate-Email-Id': emailId,
      'List-Unsubscribe': { prepared: true, value: `<${unsubscribe}>` },
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

async function main(): Promise<void> {
  const setupStart = performance.now();
  const prebuilt: string[] = [];
  if (MODE === 'raw') {
    for (let i = 0; i < DISTINCT; i++) prebuilt.push((await new MailComposer(messageFor(i)).compile().build()).toString('utf8'));
  }
  const setupMs = performance.now() - setupStart;

  const transporter = nodemailer.createTransport({
    pool: true,
    host: '127.0.0.1',
    port: PORT,
    secure: false,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: Infinity,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...(MODE === 'compose' && process.env.DKIM_KEY_FILE
      ? {
          dkim: {
            domainName: process.env.DKIM_DOMAIN!,
            keySelector: process.env.DKIM_SELECTOR!,
            privateKey: fs.readFileSync(process.env.DKIM_KEY_FILE, 'utf8'),
          },
        }
      : {}),
  });

  let next = 0;
  let sent = 0;
  let failed = 0;
  let firstError: string | null = null;
  const send = (i: number) =>
    MODE === 'raw'
      ? transporter.sendMail({ envelope: { from: 'news@acme.example', to: [subscriberAt(i).email] }, raw: prebuilt[i % DISTINCT]! })
      : transporter.sendMail(messageFor(i));
  async function lane(): Promise<void> {
    while (next < COUNT) {
      const i = next++;
      try {
        await send(i);
        sent++;
      } catch (error) {
        failed++;
        firstError ??= String(error);
      }
    }
  }

  process.stdout.write('READY\n');
  const cpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  await Promise.all(Array.from({ length: WINDOW }, lane));
  const finishedAt = Date.now();
  const cpu = process.cpuUsage(cpuBefore);
  transporter.close();
  fs.writeFileSync(
    RESULT_FILE,
    JSON.stringify({
      mode: MODE,
      count: COUNT,
      sent,
      failed,
      firstError,
      startedAt,
      finishedAt,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      setupMs,
      distinct: MODE === 'raw' ? DISTINCT : COUNT,
    }),
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
