import nodemailer from 'nodemailer';
import { asBuffer, DeliveryFailure, DeliveryInterrupted, type Transport } from './transport.ts';

export interface RelayOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` */
  url: string;
  maxConnections?: number;
  /** Accept a relay's self-signed certificate (tests, trusted networks). */
  allowSelfSigned?: boolean;
}

/** Real delivery through an SMTP relay over a pooled nodemailer transport. 5xx → permanent; the rest retried. */
export function createRelayTransport(options: RelayOptions): Transport {
  const url = new URL(options.url);
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    maxConnections: options.maxConnections ?? 5,
    maxMessages: Infinity,
    // A connection that closes before the message went out is tried again over a
    // new one: once covers a connection the relay let go stale while idle (the
    // default, 5 with growing delays, had a relay that turns connections away see
    // six per hand-off). Past that, our own backoff and pace decide when to return.
    maxRequeues: 1,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...(options.allowSelfSigned ? { tls: { rejectUnauthorized: false } } : {}),
  });

  // Closing the pool does not fail a hand-off already in progress; these let close() do it.
  const inFlight = new Set<(error: Error) => void>();

  return {
    name: 'relay',
    async deliver(message) {
      let abort: ((error: Error) => void) | undefined;
      const aborted = new Promise<never>((_, reject) => (abort = reject));
      inFlight.add(abort!);
      try {
        // The Message-ID is given, as nodemailer would otherwise make a random one for its
        // own records of a raw message (its crypto call was a twelfth of the hand-off's CPU).
        const info = await Promise.race([
          transporter.sendMail({ envelope: message.envelope, raw: asBuffer(message.raw), messageId: message.messageId }),
          aborted,
        ]);
        return { outcome: 'sent', response: info.response };
      } catch (error) {
        if (error instanceof DeliveryInterrupted) throw error;
        const e = error as { responseCode?: number; response?: string; message?: string };
        const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
        const text = e.response ?? e.message ?? String(error);
        throw new DeliveryFailure(text, code !== undefined && code >= 500 && code < 600, code);
      } finally {
        inFlight.delete(abort!);
      }
    },
    async close() {
      transporter.close();
      for (const abort of inFlight) abort(new DeliveryInterrupted('relay hand-off cut off by shutdown'));
      inFlight.clear();
    },
  };
}
