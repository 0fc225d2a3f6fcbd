import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { createGroupCommit } from '../db/group-commit.ts';
import { storeCapturedMessages } from '../emails/email.repository.ts';
import { asBuffer, type Transport } from './transport.ts';

/**
 * The default transport: keeps the finished message in the database, readable
 * through the email record. It is the final destination, so like a receiving
 * server it records the envelope sender as a Return-Path header on top.
 */
export function createCaptureTransport(handle: DatabaseHandle, clock: Clock): Transport {
  const store = createGroupCommit<{ emailId: string; raw: string; at: number }>(handle.db, {
    apply: (trx, messages) => storeCapturedMessages(trx, messages),
    // Captures are background writes: let a few share each commit.
    delayMs: 5,
    // Like a relay's acceptance, a capture lost to a crash of the machine is delivered (captured) again.
    connection: handle.unsynced,
  });
  return {
    name: 'capture',
    async deliver(message) {
      const raw = `Return-Path: <${message.envelope.from}>\r\n${asBuffer(message.raw).toString('utf8')}`;
      await store.write({ emailId: message.emailId, raw, at: clock.now() });
      return { outcome: 'delivered', response: 'captured' };
    },
    async close() {},
  };
}
