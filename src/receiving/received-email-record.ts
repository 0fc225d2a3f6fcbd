import { z } from 'zod';
import type { AuthResult } from './incoming.ts';

/** The v2 shapes of a received email: list item (no bodies), full record, its raw message and an attachment, and its webhook's data. */
export const AUTH_RESULTS = ['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror', 'policy'] as const satisfies readonly AuthResult[];

/** The stable code of a message refused because its From domain's DMARC policy says reject and it failed. */
export const DMARC_POLICY_REJECT = 'DMARC_POLICY_REJECT';

/** The media type of a whole message, as the raw operation answers it. */
export const RFC822 = 'message/rfc822' as const;

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');
const result = z
  .enum(AUTH_RESULTS)
  .describe('The result word of RFC 8601 (Authentication-Results): pass, fail, softfail, neutral, none, temperror, permerror.');

export const receivedAuthenticationSchema = z
  .object({
    spf: z.object({
      result,
      domain: z.string().nullable().describe('The domain checked: of the envelope sender, or of HELO for the null sender.'),
    }),
    dkim: z.object({
      result: result.describe('pass when a signature verified, fail when there are signatures and none did, none without one.'),
      signatures: z.array(z.object({ domain: z.string(), selector: z.string().nullable(), result })).describe('Each DKIM signature and what checking it gave.'),
    }),
    dmarc: z.object({
      result,
      domain: z.string().nullable().describe('The From domain the policy is of.'),
      policy: z.enum(['none', 'quarantine', 'reject']).nullable().describe("The domain's published policy (p=); null without a DMARC record."),
    }),
    arc: z.object({ result }),
  })
  .describe('What checking the sender found (SPF, DKIM, DMARC, ARC), as the Authentication-Results header on top of the raw message says.');
export type ReceivedAuthentication = z.infer<typeof receivedAuthenticationSchema>;

export const receivedAttachmentSchema = z.object({
  id: z.string().describe('The attachment id (att_…): get_received_email_attachment gives its content.'),
  filename: z.string().nullable().describe('As the message names it; null when it names none.'),
  content_type: z.string().describe('Lower-case media type, e.g. application/pdf.'),
  size: z.number().int().describe('Bytes, decoded.'),
  content_id: z.string().nullable().describe('Content-ID without angle brackets, for an inline image the HTML points at (cid:…); else null.'),
  disposition: z.enum(['attachment', 'inline']),
});
export type ReceivedAttachment = z.infer<typeof receivedAttachmentSchema>;

export const receivedEmailListItemSchema = z.object({
  object: z.literal('received_email'),
  id: z.string().describe('The received email id (rcv_…).'),
  from: z.string().nullable().describe('The From header (`Name <address>`); null when the message has none.'),
  to: z.array(z.string()).describe('The To header, one mailbox each.'),
  cc: z.array(z.string()).describe('The Cc header, one mailbox each.'),
  reply_to: z.array(z.string()).describe('The Reply-To header, one mailbox each: where an answer should go, when given.'),
  subject: z.string().nullable(),
  message_id: z.string().nullable().describe('The Message-ID header, with its angle brackets.'),
  in_reply_to: z.string().nullable().describe('The message it answers (In-Reply-To), with angle brackets.'),
  references: z.array(z.string()).describe('The References header: the thread, oldest first.'),
  date: timestamp.nullable().describe('The Date header, as UTC; null when missing or unreadable.'),
  mail_from: z.string().nullable().describe('The envelope sender (MAIL FROM); null for the null sender <> of bounces and auto-replies.'),
  recipients: z
    .array(z.string())
    .describe("The envelope recipients at this organization's receiving domains: the addresses it was delivered to (Bcc included)."),
  size: z.number().int().describe('Bytes of the raw message.'),
  authentication: receivedAuthenticationSchema,
  attachments: z.array(receivedAttachmentSchema),
  created_at: timestamp.describe('When it was received.'),
});
export type ReceivedEmailListItem = z.infer<typeof receivedEmailListItemSchema>;

export const receivedEmailRecordSchema = z.object({
  ...receivedEmailListItemSchema.shape,
  text: z.string().nullable().describe('The plain-text body, decoded; null when the message has none.'),
  html: z.string().nullable().describe('The HTML body, decoded, as sent (not sanitized: do not render it as trusted); null when none.'),
  headers: z.array(z.object({ name: z.string(), value: z.string() })).describe('Every header line in order, unfolded and decoded.'),
});
export type ReceivedEmailRecord = z.infer<typeof receivedEmailRecordSchema>;

export const receivedEmailRawSchema = z.object({
  object: z.literal('received_email_raw'),
  id: z.string().describe('The received email id (rcv_…).'),
  content_type: z.literal(RFC822),
  size: z.number().int().describe('Bytes of the message.'),
  content: z
    .string()
    .describe(
      'The message as stored, base64: the Authentication-Results and Received headers this server added (in that order, on top), then the bytes received.',
    ),
});
export type ReceivedEmailRaw = z.infer<typeof receivedEmailRawSchema>;

export const receivedEmailAttachmentContentSchema = z.object({
  object: z.literal('received_email_attachment'),
  ...receivedAttachmentSchema.shape,
  received_email_id: z.string().describe('The received email it belongs to (rcv_…).'),
  content: z.string().describe('The decoded bytes, base64.'),
});
export type ReceivedEmailAttachmentContent = z.infer<typeof receivedEmailAttachmentContentSchema>;

/** What the `email.received` webhook carries: metadata, never the bodies (get_received_email has them). */
export interface ReceivedEmailEventData {
  received_email_id: string;
  from: string | null;
  to: string[];
  cc: string[];
  subject: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  recipients: string[];
  created_at: string;
  authentication: { spf: AuthResult; dkim: AuthResult; dmarc: AuthResult; arc: AuthResult };
  attachments: { id: string; filename: string | null; content_type: string; size: number }[];
  [key: string]: unknown;
}

export function toReceivedEventData(
  item: Pick<
    ReceivedEmailListItem,
    'id' | 'from' | 'to' | 'cc' | 'subject' | 'message_id' | 'in_reply_to' | 'recipients' | 'created_at' | 'authentication' | 'attachments'
  >,
): ReceivedEmailEventData {
  const { authentication: a } = item;
  return {
    received_email_id: item.id,
    from: item.from,
    to: item.to,
    cc: item.cc,
    subject: item.subject,
    message_id: item.message_id,
    in_reply_to: item.in_reply_to,
    recipients: item.recipients,
    created_at: item.created_at,
    authentication: { spf: a.spf.result, dkim: a.dkim.result, dmarc: a.dmarc.result, arc: a.arc.result },
    attachments: item.attachments.map(({ id, filename, content_type, size }) => ({ id, filename, content_type, size })),
  };
}
