// The mail bench:inbound hands to Mailgate's inbound listener, and the DNS that
// vouches for it: a sending domain (its DKIM key, SPF and DMARC records, as
// test/helpers/dns-server.ts serves them) and messages as a customer's mail
// client and their provider's MTA send them: ~4 KB, multipart/alternative
// (text and HTML) quoting the thread it answers, a small PDF attached to one in
// five, DKIM-signed (rsa-sha256, relaxed/relaxed, a 2048-bit key) by the
// sending domain, as its provider's MTA signs on the way out.
// Each message carries its number in its Message-ID and its Subject, so that a
// webhook about it can be matched to it whichever of the two its payload names.
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import DKIM from 'nodemailer/lib/dkim/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { DnsRecord } from '../test/helpers/dns-server.ts';

export interface SendingDomain {
  name: string;
  selector: string;
  /** Parsed once: crypto would parse a PEM string again for every signature. */
  privateKey: KeyObject;
  /** The envelope sender its mail comes from (SPF is checked on its domain). */
  mailFrom: string;
  /** What the loopback DNS server publishes: the DKIM key, SPF (through an include, as providers publish it) and DMARC (p=reject). */
  records: [string, DnsRecord[]][];
}

/** A sending domain with a fresh key, whose SPF allows `ip`. */
export function sendingDomain(name: string, ip: string): SendingDomain {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const selector = `s${randomBytes(3).toString('hex')}`;
  const spf = `_spf.mx.${name}`;
  return {
    name,
    selector,
    privateKey: createPrivateKey(privateKey),
    mailFrom: `bounces@${name}`,
    records: [
      [`${selector}._domainkey.${name}`, [{ type: 'TXT', text: `v=DKIM1; k=rsa; p=${publicKey.toString('base64')}` }]],
      [
        name,
        [
          { type: 'TXT', text: `v=spf1 include:${spf} -all` },
          { type: 'MX', exchange: `mx.${name}`, preference: 10 },
        ],
      ],
      [spf, [{ type: 'TXT', text: `v=spf1 ip4:${ip} ip4:192.0.2.0/24 -all` }]],
      [`_dmarc.${name}`, [{ type: 'TXT', text: `v=DMARC1; p=reject; rua=mailto:dmarc-reports@${name}; adkim=r; aspf=r` }]],
    ],
  };
}

export interface BenchMessage {
  /** The message as sent (DKIM-Signature first), without SMTP's dot-stuffing. */
  raw: Buffer;
  /** The same, dot-stuffed and ending in CRLF.CRLF: what goes after DATA. */
  data: Buffer;
  to: string;
}

const QUESTIONS = [
  'the parcel tracking page has not moved since Monday',
  'the invoice shows the wrong billing address',
  'one of the items arrived damaged in transit',
  'I would like to change the delivery slot to the afternoon',
  'the discount code from the newsletter was not applied',
];

/** A small but well-formed PDF of about `bytes` bytes (an invoice, say). */
function pdf(n: number, bytes: number): Buffer {
  const head = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 /Title (Invoice ${n}) >> endobj\n`;
  const filler = randomBytes(Math.max(0, bytes - head.length - 40));
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from('stream\n'), filler, Buffer.from('\nendstream\n%%EOF\n')]);
}

/** The n-th message's recognisable marks: `inbound-<n>.` in the Message-ID, `[MB-<n>]` in the Subject. */
export const messageMarks = (n: number, nonce: string) => ({
  messageId: `<inbound-${n}.${nonce}@mail.bench>`,
  subject: `Re: Order ${100_000 + (n % 90_000)} [MB-${n}]`,
});

/** The message number a webhook payload is about: from its message id, else from its subject; null when neither names one. */
export function messageNumberOf(data: Record<string, unknown>): number | null {
  const messageId = typeof data.message_id === 'string' ? data.message_id : '';
  const byId = /inbound-(\d+)\./.exec(messageId);
  if (byId) return Number(byId[1]);
  const subject = typeof data.subject === 'string' ? data.subject : '';
  const bySubject = /\[MB-(\d+)\]/.exec(subject);
  return bySubject ? Number(bySubject[1]) : null;
}

/** SMTP's transparency (RFC 5321 4.5.2): a line starting with a dot gets another; then the final CRLF.CRLF. */
export function dotStuff(raw: Buffer): Buffer {
  const text = raw.toString('latin1');
  const stuffed = (text.startsWith('.') ? '.' : '') + text.replace(/\r\n\./g, '\r\n..');
  return Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1');
}

/** `count` messages from `domain` to `to(n)`, each signed; `nonce` keeps their Message-IDs apart from another run's. */
export async function buildMessages(domain: SendingDomain, count: number, nonce: string, to: (n: number) => string): Promise<BenchMessage[]> {
  const sentAt = new Date();
  const signer = new DKIM({ domainName: domain.name, keySelector: domain.selector, privateKey: domain.privateKey });
  const messages: BenchMessage[] = new Array(count);
  // A few at a time: building one waits on its streams between bursts of work.
  let next = 0;
  const lanes = Array.from({ length: 8 }, async () => {
    for (let n = next++; n < count; n = next++) messages[n] = await buildMessage(domain, signer, sentAt, n, nonce, to(n));
  });
  await Promise.all(lanes);
  return messages;
}

async function buildMessage(domain: SendingDomain, signer: DKIM, sentAt: Date, n: number, nonce: string, to: string): Promise<BenchMessage> {
  const question = QUESTIONS[n % QUESTIONS.length]!;
  const name = `Customer ${n}`;
  const paragraphs = [
    'Hello,',
    `I am writing about order ${100_000 + (n % 90_000)}: ${question}. I have checked the account page and the confirmation email, and neither says anything more than what I wrote above.`,
    'Could you have a look and tell me what happens next? If you need photos or the reference from the courier, I can send them today. ' +
      'I am usually reachable in the mornings, and the phone number on the account is still right.',
    'Thank you for your help, and sorry for the trouble.',
    `Best regards,\n${name}`,
    `On Monday, the support team wrote:\n> Thank you for your order. We are getting it ready and will let you know as soon as it ships.\n> ` +
      'You can follow it from your account page at any time, and reply to this message if anything is not right.\n> ' +
      'Delivery usually takes two to four working days; the courier will send a text message with a time window on the day.\n> ' +
      'If nobody is at home, the parcel goes to the nearest pick-up point and waits there for ten days.\n> ' +
      'Returns are free within thirty days: start one from the order page and print the label we send you.',
  ];
  const text = paragraphs.join('\n\n');
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><style>p{margin:0 0 12px} blockquote{border-left:2px solid #ccc;padding-left:8px;color:#555}</style></head>' +
    `<body><div dir="ltr">${paragraphs
      .slice(0, 5)
      .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
      .join('\n')}\n<blockquote><p>${paragraphs[5]!.split('\n').slice(1).join(' ').replace(/> /g, '')}</p></blockquote></div></body></html>`;
  const marks = messageMarks(n, nonce);
  const composed = await new MailComposer({
    from: `"${name}" <customer${n}@${domain.name}>`,
    to,
    subject: marks.subject,
    messageId: marks.messageId,
    inReplyTo: `<order-${n}@shop.example>`,
    references: [`<order-${n}@shop.example>`],
    date: sentAt,
    text,
    html,
    headers: { 'X-Mailer': 'Bench Mail 4.2' },
    attachments: n % 5 === 0 ? [{ filename: `invoice-${n}.pdf`, content: pdf(n, 1200), contentType: 'application/pdf' }] : [],
  })
    .compile()
    .build();
  // The provider's MTA adds its Received line, then signs (nodemailer's signer puts DKIM-Signature first).
  const unsigned = Buffer.concat([
    Buffer.from(
      `Received: from [192.0.2.${1 + (n % 200)}] (client.${domain.name} [192.0.2.${1 + (n % 200)}])\r\n` +
        `\tby mx.${domain.name} (Postfix) with ESMTPSA id ${randomBytes(5).toString('hex').toUpperCase()}\r\n` +
        `\tfor <${to}>; ${sentAt.toUTCString().replace('GMT', '+0000')}\r\n`,
    ),
    composed,
  ]);
  const raw = await buffer(signer.sign(unsigned));
  if (!raw.subarray(0, 16).toString().startsWith('DKIM-Signature:')) throw new Error('the message was not signed');
  return { raw, data: dotStuff(raw), to };
}
