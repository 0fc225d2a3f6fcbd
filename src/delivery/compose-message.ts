import { createPrivateKey, type KeyObject } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import DKIM from 'nodemailer/lib/dkim/index.js';
import type { Readable } from 'node:stream';
import type { SubmissionHeaders, SubmittedAttachment } from '../emails/submission.ts';
import { clickUrl, openUrl, type TrackingRef } from '../emails/tracking/links.ts';
import { withTracking } from '../emails/tracking/tracked-html.ts';
import { asBuffer } from './transport.ts';

/**
 * What a submitted (SMTP) message keeps on the way out besides the fields every
 * email has. Its To and Cc are shown as submitted; the envelope still names only
 * this email's recipient.
 */
export interface ComposeSubmission extends SubmissionHeaders {
  attachments: SubmittedAttachment[];
}

export interface ComposeInput {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  emailId: string;
  date: Date;
  submission?: ComposeSubmission | undefined;
  /** A tracked email: its HTML goes out with tracked links, an open pixel, or both. */
  tracking?: (TrackingRef & { opens: boolean; clicks: boolean }) | undefined;
  /** A campaign email's one-click unsubscribe URL: the RFC 8058 headers name it, and tracking leaves its link alone. */
  listUnsubscribe?: string | undefined;
  /** The key of the verified domain it is sent from: the message goes out DKIM-signed with it. */
  dkim?: { domainName: string; keySelector: string; privateKey: string } | undefined;
}

/**
 * The header fields a DKIM signature covers: nodemailer's list, with RFC 8058's
 * List-Unsubscribe-Post (the one-click POST must be signed too, RFC 8058 §4).
 */
const DKIM_SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:' +
  'Content-Description:In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive';

/** Parsed DKIM keys by their PEM, so each is parsed once per thread, not once per message. */
const parsedKeys = new Map<string, KeyObject>();
const PARSED_KEYS_MAX = 1_000;

/**
 * The private key as a KeyObject: nodemailer hands the key to crypto's sign,
 * which parses a PEM string anew each time — measured here, that parse cost
 * about as much as composing and signing the message together.
 */
function parsedKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    if (parsedKeys.size >= PARSED_KEYS_MAX) parsedKeys.delete(parsedKeys.keys().next().value!);
    key = createPrivateKey(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/**
 * Build the RFC 5322 message (multipart/alternative, text and HTML, plus
 * attachments) with nodemailer. Bytes, not a string: they cross from the pool
 * thread and go out on the relay's socket as they are, where a string would be
 * decoded here and encoded again there (measured: a twentieth of the main
 * thread's time went to encoding messages for the socket).
 */
export async function composeMessage(input: ComposeInput): Promise<Uint8Array> {
  const sub = input.submission;
  const t = input.tracking;
  const unsubscribe = input.listUnsubscribe;
  const html =
    t && input.html
      ? withTracking(input.html, {
          openUrl: t.opens ? openUrl(t) : null,
          clickUrl: t.clicks ? (url) => clickUrl(t, url) : null,
          ...(unsubscribe ? { keep: (url: string) => url === unsubscribe } : {}),
        })
      : input.html;
  const headers: { key: string; value: string | { prepared: true; value: string } }[] = [
    // ASCII lines go out exactly as given; others are encoded (RFC 2047) by nodemailer, unfolded first.
    ...(sub?.lines ?? []).map(([key, value]) =>
      /^[\x00-\x7f]*$/.test(value) ? { key, value: { prepared: true as const, value } } : { key, value: value.replace(/\r\n[ \t]+/g, ' ') },
    ),
    { key: 'X-Mailgate-Email-Id', value: input.emailId },
    ...(unsubscribe
      ? [
          { key: 'List-Unsubscribe', value: { prepared: true as const, value: `<${unsubscribe}>` } },
          { key: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
        ]
      : []),
  ];
  const composer = new MailComposer({
    from: input.from,
    ...(sub ? { ...(sub.to.length > 0 ? { to: sub.to } : {}), ...(sub.cc.length > 0 ? { cc: sub.cc } : {}) } : { to: input.to }),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    ...(html ? { html } : {}),
    text: input.text,
    messageId: input.messageId,
    // The multipart boundaries come from the email's id, not from fresh random
    // bytes: unique all the same (80 random bits, unknown when the content was
    // written), and every attempt to deliver an email builds the same bytes.
    baseBoundary: input.emailId,
    date: sub?.date ? new Date(sub.date) : input.date,
    ...(sub?.inReplyTo ? { inReplyTo: sub.inReplyTo } : {}),
    ...(sub && sub.references.length > 0 ? { references: sub.references } : {}),
    ...(sub && sub.attachments.length > 0
      ? {
          attachments: sub.attachments.map((a) => ({
            ...(a.filename !== null ? { filename: a.filename } : {}),
            contentType: a.contentType,
            ...(a.contentId !== null ? { cid: a.contentId } : {}),
            contentDisposition: a.inline ? ('inline' as const) : ('attachment' as const),
            content: asBuffer(a.content),
          })),
        }
      : {}),
    headers,
  });
  const node = composer.compile();
  const dkim = input.dkim;
  if (dkim) {
    // nodemailer passes privateKey on to crypto.createSign().sign(), which takes a KeyObject as well as a PEM string.
    const options = { ...dkim, privateKey: parsedKey(dkim.privateKey) as unknown as string, headerFieldNames: DKIM_SIGNED_FIELDS };
    node.processFunc((stream: Readable) => new DKIM(options).sign(stream));
  }
  const buffer = await node.build();
  // Its own exact-size copy: a small Buffer is a view into a shared 8 KB slab, which crossing threads would copy whole.
  return new Uint8Array(buffer);
}
