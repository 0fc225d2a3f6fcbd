import { validationError } from '../errors.ts';
import { formatMailbox } from './address.ts';
import { recipientsOf, SUBJECT_MAX, type SendRequest } from './send-request.ts';

/**
 * A send that answers a received email (`in_reply_to: "rcv_…"`): the received
 * message's ids and subject, looked up through a port before the send is
 * accepted, become the reply's In-Reply-To, References and "Re:" subject. The
 * threading headers travel where a submitted message's own headers do (the
 * request's `submission`), so delivery composes them as it composes those.
 */

/** What a reply needs of the received email it answers. */
export interface ReplyContext {
  /** Its Message-ID, `<id@host>`; null when it had none. */
  messageId: string | null;
  /** Its References followed by its Message-ID: the thread, oldest first. */
  references: string[];
  subject: string | null;
}

/**
 * The received email `receivedId` of this organization, as a reply needs it;
 * null when there is none (another organization's, past its retention, never
 * received). One indexed read.
 */
export type ReplyContextLookup = (organizationId: string, receivedId: string) => Promise<ReplyContext | null>;

/**
 * At most this many ids in a reply's References: the first (the thread's root)
 * and the latest. A reply may leave out ids in between (RFC 5322 §3.6.4); a long
 * thread, or a received message with a padded References, would otherwise make
 * every answer carry it all.
 */
export const REFERENCES_MAX = 50;

/** A message id a header may carry as it is: `<…>`, printable ASCII, no brackets or spaces inside. */
const MESSAGE_ID = /^<[\x21-\x3b\x3d\x3f-\x7e]+>$/;

/** A received message's id as a header may carry it, or null: what came from outside is not trusted to be one. */
function messageIdOf(value: string): string | null {
  const trimmed = value.trim();
  const id = trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
  return MESSAGE_ID.test(id) ? id : null;
}

/** The threading headers of a reply: In-Reply-To names the received message, References the thread up to it. */
export function threadHeaders(context: ReplyContext): { inReplyTo: string | null; references: string[] } {
  const inReplyTo = context.messageId === null ? null : messageIdOf(context.messageId);
  // The context's references end with its Message-ID; the reply's do, once, whatever the context held.
  const ids = new Set<string>();
  for (const value of context.references) {
    const id = messageIdOf(value);
    if (id !== null && id !== inReplyTo) ids.add(id);
  }
  if (inReplyTo !== null) ids.add(inReplyTo);
  const all = [...ids];
  const references = all.length > REFERENCES_MAX ? [all[0]!, ...all.slice(all.length - (REFERENCES_MAX - 1))] : all;
  return { inReplyTo, references };
}

/** "Re: " and the received subject, once: a subject that already starts with "Re:" (any case) is kept as it is. */
export function replySubject(received: string | null): string {
  // Unfolded as a header is (a line break before a space goes), any other line break a space; no NUL.
  const subject = (received ?? '')
    .replace(/\r?\n(?=[ \t])/g, '')
    .replace(/[\r\n]+/g, ' ')
    .replace(/\0/g, '')
    .trim();
  const reply = /^re\s*:/i.test(subject) ? subject : `Re: ${subject}`.trim();
  if (reply.length <= SUBJECT_MAX) return reply;
  const cut = reply.slice(0, SUBJECT_MAX);
  // Never half of a surrogate pair.
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The request as it answers `context`: a subject when none was given, and the
 * threading headers with the message's other headers. Threading the sender set
 * itself (a submitted message's own In-Reply-To or References) is kept as it is.
 */
export function answering(request: SendRequest, context: ReplyContext): SendRequest {
  const { inReplyTo: _received, ...rest } = request;
  const answer: SendRequest = { ...rest, subject: request.subject !== '' ? request.subject : replySubject(context.subject) };
  const thread = threadHeaders(context);
  if (thread.inReplyTo === null && thread.references.length === 0) return answer;
  const own = request.submission;
  if (own && (own.headers.inReplyTo !== null || own.headers.references.length > 0)) return answer;
  // The To a submission shows is the recipient's, as an email of any other door shows it.
  const headers = own?.headers ?? { to: recipientsOf(request).map(formatMailbox), cc: [], inReplyTo: null, references: [], date: null, lines: [] };
  answer.submission = { messageId: own?.messageId ?? null, attachments: own?.attachments ?? [], headers: { ...headers, ...thread } };
  return answer;
}

/** Turns a request that answers a received email into the message that does; any other request is returned as it is. */
export type ReplyResolver = (organizationId: string, request: SendRequest) => Promise<SendRequest>;

/**
 * The resolver over the lookup port; without one (nothing receives mail), no id
 * names a received email. Throws validation_error on `in_reply_to`.
 */
export function createReplyResolver(lookup: ReplyContextLookup | undefined): ReplyResolver {
  return async (organizationId, request) => {
    const receivedId = request.inReplyTo;
    if (receivedId === undefined) return request;
    const context = lookup ? await lookup(organizationId, receivedId) : null;
    if (!context) {
      throw validationError([
        { path: 'in_reply_to', message: `is not a received email of this organization (${receivedId}): list_received_emails lists them` },
      ]);
    }
    return answering(request, context);
  };
}
