import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHeaderMeter } from '../../servers/smtp/listener.ts';

// The inbound listener's header limit counts the bytes before a message's first
// empty line as they arrive, in whatever chunks TCP and smtp-server make of them.

/** Whether the meter ever says "over", fed `message` in chunks of `size` bytes. */
function over(message: string, limit: number, size: number): boolean {
  const meter = createHeaderMeter(limit);
  const bytes = Buffer.from(message, 'latin1');
  let said = false;
  for (let at = 0; at < bytes.length; at += size) said = meter(bytes.subarray(at, at + size)) || said;
  return said;
}

/**
 * The header block's size read plainly: the lines before the first empty one (CRLF
 * or a bare LF), or the whole message without one, but for a last lone CR (the meter
 * waits for the LF that would make it an empty line, and the stream ends first).
 */
function headerBytes(message: string): number {
  let bytes = 0;
  const lines = message.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i < lines.length - 1 && (line === '' || line === '\r')) return bytes;
    bytes += line.length + (i < lines.length - 1 ? 1 : 0);
  }
  return lines.at(-1) === '\r' ? bytes - 1 : bytes;
}

describe('createHeaderMeter', () => {
  it('counts the lines before the first empty line, CRLF or bare LF, and nothing after it', () => {
    const message = `Subject: hi\r\nX-A: b\r\n\r\n${'body '.repeat(1000)}`;
    expect(over(message, 21, message.length)).toBe(false);
    expect(over(message, 20, message.length)).toBe(true);
    expect(over('Subject: hi\nX-A: b\n\nbody', 19, 64)).toBe(false);
    expect(over('Subject: hi\nX-A: b\n\nbody', 18, 64)).toBe(true);
    // No header at all.
    expect(over(`\r\n${'body '.repeat(1000)}`, 0, 100)).toBe(false);
    // No empty line: it is all header.
    expect(over('Subject: hi\r\nno end', 18, 3)).toBe(true);
    expect(over('Subject: hi\r\nno end', 19, 3)).toBe(false);
  });

  it('finds the empty line across chunk boundaries (a CR at the end of one chunk, its LF at the start of the next)', () => {
    const message = `Subject: hi\r\n\r\n${'x'.repeat(100)}`;
    for (let size = 1; size <= 16; size++) {
      expect(over(message, 13, size)).toBe(false);
      expect(over(message, 12, size)).toBe(true);
    }
  });

  it('agrees with a plain reading of the header block, whatever the chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', ':', ' ', '\r', '\n', '\r\n'), { maxLength: 60 }).map((parts) => parts.join('')),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 8 }),
        (message, limit, size) => over(message, limit, size) === headerBytes(message) > limit,
      ),
      { numRuns: 2000 },
    );
  });
});
