import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { createGroupCommit } from '../db/group-commit.ts';
import type { Database } from '../db/schema.ts';
import { storeCapturedMessages } from '../emails/email.repository.ts';
import { asBuffer, type Transport } from './transport.ts';

/** The default transport: keeps the finished message in the database, readable through the email record. */
export function createCaptureTransport(db: Kysely<Database>, clock: Clock): Transport {
  const store = createGroupCommit<{ emailId: string; raw: string; at: number }>(db, {
    apply: (trx, messages) => storeCapturedMessages(trx, messages),
    // Captures are background writes: let a few share each commit.
    delayMs: 5,
  });
  return {
    name: 'capture',
    async deliver(message) {
      await store.write({ emailId: message.emailId, raw: asBuffer(message.raw).toString('utf8'), at: clock.now() });
      return { outcome: 'delivered', response: 'captured' };
    },
    async close() {},
  };
}
