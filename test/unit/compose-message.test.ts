import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMessage as composeBytes, type ComposeInput } from '../../src/delivery/compose-message.ts';

/** The message as text, to read it. */
const composeMessage = async (input: ComposeInput) => Buffer.from(await composeBytes(input)).toString('utf8');

const input: ComposeInput = {
  from: 'Acme <hello@acme.example>',
  to: 'ada@example.org',
  replyTo: null,
  subject: 'Welcome',
  html: '<p>Hello <a href="https://acme.example/">Ada</a></p>',
  text: 'Hello Ada (https://acme.example/)',
  messageId: '<eml_01kawz3ybv4g7cq3m9x2d5h8jn@acme.example>',
  emailId: 'eml_01kawz3ybv4g7cq3m9x2d5h8jn',
  date: new Date('2026-11-23T10:00:00Z'),
};

describe('composing the message of an email', () => {
  it('is bytes of their own, not a view into a shared buffer (they cross threads)', async () => {
    const bytes = await composeBytes(input);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it('builds the same bytes on every attempt, with boundaries made from the email id', async () => {
    const first = await composeMessage(input);
    expect(await composeMessage(input)).toBe(first);
    expect(first).toMatch(/boundary="--_NmP-eml_01kawz3ybv4g7cq3m9x2d5h8jn-Part_1"/);
  });

  it('gives two emails different boundaries', async () => {
    const other = await composeMessage({ ...input, emailId: 'eml_01kawz3ybv4g7cq3m9x2d5h8jp' });
    expect(other).toMatch(/boundary="--_NmP-eml_01kawz3ybv4g7cq3m9x2d5h8jp-Part_1"/);
  });

  it('is a multipart/alternative message with both parts, its Message-ID and the email id header', async () => {
    const parsed = await simpleParser(await composeMessage(input));
    expect(parsed.subject).toBe('Welcome');
    expect(parsed.messageId).toBe(input.messageId);
    expect(parsed.headers.get('x-mailgate-email-id')).toBe(input.emailId);
    expect(parsed.text?.trim()).toBe(input.text);
    expect(parsed.html).toBe(input.html);
    expect(parsed.date?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});
