import { describe, expect, it } from 'vitest';
import { filtersFrom, listQueryOf, NO_FILTERS, searchOf } from '../../web/src/pages/emails/email-filters.ts';
import { detailLines } from '../../web/src/pages/emails/event-detail.ts';
import { parseHeaders } from '../../web/src/pages/emails/headers.ts';

// The Emails screens' pure parts: the log's filters between the address and the
// list call, an event's detail as lines, and a raw message's headers.

describe("the email log's filters", () => {
  it('round-trips through the address, leaving out what it names wrongly', () => {
    const filters = filtersFrom(
      new URLSearchParams('status=bounced&to=%40example.com&domain=acme.example&tag=category%3Awelcome&since=2026-11-01&until=2026-11-27&q=Invoice'),
    );
    expect(filters).toEqual({
      status: 'bounced',
      to: '@example.com',
      domain: 'acme.example',
      tag: 'category:welcome',
      since: '2026-11-01',
      until: '2026-11-27',
      q: 'Invoice',
    });
    expect(searchOf(filters).toString()).toBe(
      'status=bounced&to=%40example.com&domain=acme.example&tag=category%3Awelcome&since=2026-11-01&until=2026-11-27&q=Invoice',
    );
    expect(listQueryOf(filters)).toMatchObject({ tag: 'category:welcome' });
    expect(filtersFrom(new URLSearchParams('status=lost&since=yesterday&until=2026-13-45&q=+'))).toEqual(NO_FILTERS);
    expect(searchOf(NO_FILTERS).toString()).toBe('');
  });

  it('asks the API for whole days: until is the start of the day after', () => {
    const query = listQueryOf({ ...NO_FILTERS, since: '2026-11-27', until: '2026-11-27', q: 'hi', status: 'sent' });
    expect(query).toEqual({ since: expect.any(String), until: expect.any(String), query: 'hi', status: 'sent' });
    const since = Date.parse(query.since!);
    const until = Date.parse(query.until!);
    expect(new Date(since).getDate()).toBe(27);
    expect(new Date(since).getHours()).toBe(0);
    expect(new Date(until).getDate()).toBe(28);
    expect(new Date(until).getHours()).toBe(0);
    expect(listQueryOf(NO_FILTERS)).toEqual({});
  });
});

describe("an event's detail", () => {
  it('flattens a bounce, names what it knows, and leaves out empty values', () => {
    expect(detailLines({ transport: 'relay', bounce: { type: 'hard', diagnostic: 'smtp; 550 5.1.1 no such user', remote_mta: null }, fixture: true })).toEqual([
      { key: 'transport', label: 'Transport', value: 'relay' },
      { key: 'bounce.type', label: 'Bounce type', value: 'hard' },
      { key: 'bounce.diagnostic', label: 'Bounce diagnostic', value: 'smtp; 550 5.1.1 no such user' },
      { key: 'fixture', label: 'Fixture address', value: 'yes' },
    ]);
    expect(detailLines({ url: 'https://example.com/a', user_agent: 'Mozilla/5.0', extra_info: 3 })).toEqual([
      { key: 'url', label: 'Clicked link', value: 'https://example.com/a' },
      { key: 'user_agent', label: 'User agent', value: 'Mozilla/5.0' },
      { key: 'extra_info', label: 'extra info', value: '3' },
    ]);
    expect(detailLines(null)).toEqual([]);
  });
});

describe("a raw message's headers", () => {
  it('unfolds folded lines, keeps repeats in order, and stops at the body', () => {
    const raw = new TextEncoder().encode(
      'Received: from a\r\n\tby b\r\nReceived: from c\r\nSubject: =?UTF-8?Q?Caf=C3=A9?=\r\nX-Long: one\r\n  two\r\n\r\nBody: not a header\r\n',
    );
    expect(parseHeaders(raw)).toEqual([
      { name: 'Received', value: 'from a by b' },
      { name: 'Received', value: 'from c' },
      { name: 'Subject', value: '=?UTF-8?Q?Caf=C3=A9?=' },
      { name: 'X-Long', value: 'one two' },
    ]);
    expect(parseHeaders(new TextEncoder().encode('From: a@b\nTo: c@d\n\nhi'))).toEqual([
      { name: 'From', value: 'a@b' },
      { name: 'To', value: 'c@d' },
    ]);
  });
});
