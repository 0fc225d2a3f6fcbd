import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { storeCapturedMessage } from '../emails/email.repository.ts';
import type { Transport } from './transport.ts';

/** The default transport: keeps the finished message in the database, readable through the email record. */
export function createCaptureTransport(db: Kysely<Database>, clock: Clock): Transport {
  return {
    name: 'capture',
    async deliver(message) {
      await storeCapturedMessage(db, { emailId: message.emailId, raw: message.raw, at: clock.now() });
      return { outcome: 'delivered', response: 'captured' };
    },
    async close() {},
  };
}
