import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { domainNameOf } from '../../src/domains/index.ts';
import { newId } from '../../src/ids.ts';
import type { DatabaseHandle, IncomingAuthentication, IncomingMail, IncomingMailbox } from '../../src/index.ts';

// Received mail for tests of the core and the API, without the inbound
// listener: a verified domain whose receiving is turned on in the database, and
// an IncomingMail built by hand, a real small MIME message as its bytes and what
// a parser reads of them beside it.

/** One DKIM key pair for every test domain of this process: making one takes a good part of a second. */
let keys: { publicKey: string; privateKey: string } | undefined;
function dkimKeys() {
  keys ??= (() => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { publicKey: pair.publicKey.toString('base64'), privateKey: pair.privateKey };
  })();
  return keys;
}

/**
 * Add a domain to the organization (its first one when none is named), verified
 * as if its DNS records had been found, with receiving turned on as
 * update_domain turns it on. Returns its id.
 */
export async function addReceivingDomain(handle: DatabaseHandle, name: string, organizationId?: string): Promise<string> {
  const org = organizationId ?? (await handle.db.selectFrom('organizations').select('id').orderBy('created_at').orderBy('id').executeTakeFirstOrThrow()).id;
  const domain = domainNameOf(name) ?? name;
  const now = Date.now();
  const id = newId('dom', now);
  const { publicKey, privateKey } = dkimKeys();
  await handle.db
    .insertInto('domains')
    .values({
      id,
      organization_id: org,
      name: domain,
      status: 'verified',
      dkim_selector: `mg${randomBytes(4).toString('hex')}`,
      dkim_private_key: privateKey,
      dkim_public_key: publicKey,
      checks: null,
      created_at: now,
      updated_at: now,
      verified_at: now,
      receiving_name: domain,
      // Checked now, as far as the scheduled re-checks know.
      checked_at: now,
    })
    .execute();
  return id;
}

export interface TestAttachment {
  filename: string | null;
  contentType: string;
  content: Buffer;
  inline?: boolean;
  contentId?: string;
}

export interface TestMail {
  from?: IncomingMailbox | null;
  to?: IncomingMailbox[];
  cc?: IncomingMailbox[];
  replyTo?: IncomingMailbox[];
  subject?: string | null;
  messageId?: string | null;
  inReplyTo?: string | null;
  references?: string[];
  date?: string;
  text?: string;
  html?: string | null;
  attachments?: TestAttachment[];
  /** RCPT TO (default: the To addresses). */
  recipients?: string[];
  mailFrom?: string | null;
  authentication?: Partial<IncomingAuthentication>;
}

export const PASSING: IncomingAuthentication = {
  spf: { result: 'pass', domain: 'sender.example' },
  dkim: { result: 'pass', signatures: [{ domain: 'sender.example', selector: 's1', result: 'pass' }] },
  dmarc: { result: 'pass', domain: 'sender.example', policy: 'none' },
  arc: { result: 'none' },
};

const header = (m: IncomingMailbox) => (m.name ? `"${m.name}" <${m.address}>` : m.address);

/** The message as bytes (CRLF, base64 attachments) and as a parser reads it. */
export function incomingMail(mail: TestMail = {}): IncomingMail {
  const from = mail.from === undefined ? { name: 'Ada Lovelace', address: 'ada@sender.example' } : mail.from;
  const to = mail.to ?? [{ name: null, address: 'support@inbox.example' }];
  const cc = mail.cc ?? [];
  const replyTo = mail.replyTo ?? [];
  const subject = mail.subject === undefined ? 'Question about my order' : mail.subject;
  const messageId = mail.messageId === undefined ? '<m1@sender.example>' : mail.messageId;
  const references = mail.references ?? [];
  const date = mail.date ?? 'Fri, 27 Nov 2026 14:00:00 +0000';
  const text = mail.text ?? 'Hello,\r\nwhere is my order?\r\n';
  const html = mail.html === undefined ? null : mail.html;
  const attachments = mail.attachments ?? [];

  const headers: { name: string; value: string }[] = [
    ...(from ? [{ name: 'From', value: header(from) }] : []),
    ...(to.length ? [{ name: 'To', value: to.map(header).join(', ') }] : []),
    ...(cc.length ? [{ name: 'Cc', value: cc.map(header).join(', ') }] : []),
    ...(replyTo.length ? [{ name: 'Reply-To', value: replyTo.map(header).join(', ') }] : []),
    ...(subject !== null ? [{ name: 'Subject', value: subject }] : []),
    ...(messageId !== null ? [{ name: 'Message-ID', value: messageId }] : []),
    ...(mail.inReplyTo ? [{ name: 'In-Reply-To', value: mail.inReplyTo }] : []),
    ...(references.length ? [{ name: 'References', value: references.join(' ') }] : []),
    { name: 'Date', value: date },
    { name: 'MIME-Version', value: '1.0' },
  ];
  const boundary = 'b1_mailgate_test';
  const parts: string[] = [`Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}`];
  if (html !== null) parts.push(`Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}\r\n`);
  for (const a of attachments) {
    const name = a.filename ? `; filename="${a.filename}"` : '';
    parts.push(
      `Content-Type: ${a.contentType}\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: ${a.inline ? 'inline' : 'attachment'}${name}\r\n` +
        (a.contentId ? `Content-ID: <${a.contentId}>\r\n` : '') +
        `\r\n${a.content.toString('base64')}\r\n`,
    );
  }
  const body = parts.length === 1 ? parts[0]! : `${parts.map((p) => `--${boundary}\r\n${p}`).join('')}--${boundary}--\r\n`;
  const contentHeader = parts.length === 1 ? '' : `Content-Type: multipart/mixed; boundary="${boundary}"\r\n`;
  const added =
    'Received: from mx.sender.example (mx.sender.example [192.0.2.1]) by inbox.mailgate.test\r\nAuthentication-Results: inbox.mailgate.test; spf=pass\r\n';
  const raw = Buffer.from(`${added}${headers.map((h) => `${h.name}: ${h.value}\r\n`).join('')}${contentHeader}\r\n${body}`);

  return {
    recipients: mail.recipients ?? to.map((m) => m.address),
    mailFrom: mail.mailFrom === undefined ? (from?.address ?? null) : mail.mailFrom,
    remoteAddress: '192.0.2.1',
    helo: 'mx.sender.example',
    raw,
    parsed: {
      from,
      to,
      cc,
      replyTo,
      subject,
      messageId,
      inReplyTo: mail.inReplyTo ?? null,
      references,
      date: new Date(Date.parse(date)).toISOString(),
      text,
      html,
      headers,
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentId: a.contentId ?? null,
        disposition: a.inline ? 'inline' : 'attachment',
        content: new Uint8Array(a.content),
      })),
    },
    authentication: { ...PASSING, ...mail.authentication },
  };
}
