import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/**
 * A raw message of test/fixtures/, every line ended CRLF as on the wire whatever
 * line ends the checkout gave the file; its bytes otherwise as they are (8-bit text too).
 */
export function emlFixture(name: string): Buffer {
  const bytes = fs.readFileSync(path.join(FIXTURES, name));
  return Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}
