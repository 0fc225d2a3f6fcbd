import nodemailer from 'nodemailer';
import { DeliveryFailure, type Transport } from './transport.ts';

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
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...(options.allowSelfSigned ? { tls: { rejectUnauthorized: false } } : {}),
  });

  return {
    name: 'relay',
    async deliver(message) {
      try {
        const info = await transporter.sendMail({ envelope: message.envelope, raw: message.raw });
        return { outcome: 'sent', response: info.response };
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; message?: string };
        const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
        const text = e.response ?? e.message ?? String(error);
        throw new DeliveryFailure(text, code !== undefined && code >= 500 && code < 600, code);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
