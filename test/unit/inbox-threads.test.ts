import { describe, expect, it } from 'vitest';
import { normalizedSubject, type Received, threadsOf } from '../../web/src/pages/inbox/threads.ts';

// The inbox's threads: by Message-ID, In-Reply-To and References first, by
// subject (without Re:/Fwd:) for messages that name no other.

const message = (id: string, fields: Partial<Received> = {}): Received =>
  ({ id, subject: null, message_id: `<${id}@x.example>`, in_reply_to: null, references: [], ...fields }) as Received;

describe('threadsOf', () => {
  it('joins a reply to the message it names, and to the others of its References', () => {
    const a = message('a', { subject: 'Order 42' });
    const b = message('b', { subject: 'Re: Order 42', in_reply_to: '<a@x.example>', references: ['<a@x.example>'] });
    // c answers b, which is not in the list: References still name a.
    const c = message('c', { subject: 'Re: Order 42', in_reply_to: '<gone@x.example>', references: ['<A@x.example>', '<gone@x.example>'] });
    const d = message('d', { subject: 'Something else' });
    const threads = threadsOf([c, d, b, a]);
    expect(threads.map((t) => [t.id, t.messages.map((m) => m.id)])).toEqual([
      ['c', ['c', 'b', 'a']],
      ['d', ['d']],
    ]);
  });

  it('falls back to the subject for messages that name no other', () => {
    const threads = threadsOf([
      message('x', { subject: 'RE: Fwd:  Invoice   March' }),
      message('y', { subject: 'invoice march' }),
      message('z', { subject: 'Invoice April' }),
      message('n', { subject: null }),
      message('m', { subject: null }),
    ]);
    expect(threads.map((t) => t.messages.map((m) => m.id))).toEqual([['x', 'y'], ['z'], ['n'], ['m']]);
  });

  it("joins a reply naming a message not listed to its subject's thread, and one naming a listed message to that message only", () => {
    const first = message('first', { subject: 'Status' });
    const lost = message('lost', { subject: 'Re: Status', in_reply_to: '<gone@x.example>', references: ['<gone@x.example>'] });
    const other = message('other', { subject: 'Weekly report' });
    const answer = message('answer', { subject: 'Re: Status', in_reply_to: '<other@x.example>' });
    expect(threadsOf([answer, lost, other, first]).map((t) => t.messages.map((m) => m.id))).toEqual([
      ['answer', 'other'],
      ['lost', 'first'],
    ]);
  });

  it('normalizes subjects', () => {
    expect(normalizedSubject('Re: RE:  Order 42')).toBe('order 42');
    expect(normalizedSubject('AW: Fw: Sv[2]: Hi')).toBe('hi');
    expect(normalizedSubject(null)).toBe('');
  });
});
