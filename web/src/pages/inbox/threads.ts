// Received mail grouped into conversations, as the inbox shows it.
import type { ListItemOf } from '@mailgate/sdk';

export type Received = ListItemOf<'list_received_emails'>;

/** Messages per page of the inbox: grouped into threads within the page. */
export const INBOX_PAGE_SIZE = 100;

/** A mailbox's display: "Ada Lovelace <ada@x>" → "Ada Lovelace"; a bare address as it is. */
export function displayName(mailbox: string | null): string {
  if (!mailbox) return '(no sender)';
  const match = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(mailbox);
  return match?.[1] ? match[1] : mailbox;
}

export interface Thread {
  /** The newest message's id: the thread's row, and where it opens. */
  id: string;
  subject: string;
  /** Newest first. */
  messages: Received[];
}

/** A subject without its Re:/Fwd: prefixes, spaces collapsed, lower-cased: "Re: RE:  Order 42" → "order 42". */
export function normalizedSubject(subject: string | null): string {
  let s = (subject ?? '').trim();
  for (;;) {
    const stripped = s.replace(/^(re|fwd?|aw|sv|wg)\s*(\[\d+\])?\s*:\s*/i, '');
    if (stripped === s) break;
    s = stripped;
  }
  return s.replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Messages in threads: two are in one thread when one names the other (by
 * Message-ID in In-Reply-To or References) or both name a third; a message that
 * names none (no In-Reply-To, no References) joins the others of its subject
 * with the Re:/Fwd: prefixes taken off. Threads newest first, as the messages came.
 */
export function threadsOf(messages: readonly Received[]): Thread[] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(key, root);
    return root;
  };
  const union = (a: string, b: string) => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const m of messages) {
    const self = `msg:${m.id}`;
    parent.set(self, parent.get(self) ?? self);
    const named = [m.message_id, m.in_reply_to, ...m.references].filter((id): id is string => Boolean(id));
    for (const id of named) union(self, `id:${id.toLowerCase()}`);
    if (!m.in_reply_to && m.references.length === 0) {
      const subject = normalizedSubject(m.subject);
      if (subject) union(self, `subject:${subject}`);
    }
  }
  // A reply that names its thread by id also joins the thread of its subject, when the first message named none.
  for (const m of messages) {
    if (m.in_reply_to || m.references.length > 0) {
      const subject = normalizedSubject(m.subject);
      if (subject && parent.has(`subject:${subject}`)) {
        const ids = [m.in_reply_to, ...m.references].filter((id): id is string => Boolean(id));
        // Only when none of the ids it names is a message here: it has no other thread to be in.
        if (!ids.some((id) => messages.some((other) => other.message_id?.toLowerCase() === id.toLowerCase()))) union(`msg:${m.id}`, `subject:${subject}`);
      }
    }
  }
  const groups = new Map<string, Received[]>();
  for (const m of messages) {
    const root = find(`msg:${m.id}`);
    groups.set(root, [...(groups.get(root) ?? []), m]);
  }
  return [...groups.values()].map((list) => ({ id: list[0]!.id, subject: list[0]!.subject ?? '', messages: list }));
}
