// An email's events as outbound webhooks see them (email.sent, email.delivered,
// …): published with the transaction that records them. An event no webhook of
// its organization wants costs the one subscriptions query and nothing more.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { loadSubscriptions, publishWebhookEvents, type WebhookEvent, type WebhookEventType } from '../webhooks/index.ts';
import { findEmailsForWebhooks, type NewEmailEvent } from './email.repository.ts';

const WEBHOOK_TYPES: Readonly<Record<string, WebhookEventType>> = {
  sent: 'email.sent',
  delivered: 'email.delivered',
  delivery_delayed: 'email.delivery_delayed',
  bounced: 'email.bounced',
  complained: 'email.complained',
  failed: 'email.failed',
  opened: 'email.opened',
  clicked: 'email.clicked',
};

export async function publishEmailEvents(db: Kysely<Database> | Transaction<Database>, events: readonly NewEmailEvent[]): Promise<void> {
  const relevant = events.filter((e) => WEBHOOK_TYPES[e.type] !== undefined);
  if (relevant.length === 0) return;
  const subscriptions = await loadSubscriptions(
    db,
    relevant.map((e) => e.organizationId),
  );
  const wanted = relevant.filter((e) => subscriptions.wants(e.organizationId, WEBHOOK_TYPES[e.type]!));
  if (wanted.length === 0) return;
  const rows = await findEmailsForWebhooks(db, [...new Set(wanted.map((e) => e.emailId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const published: WebhookEvent[] = wanted.flatMap((e) => {
    const email = byId.get(e.emailId);
    if (!email) return [];
    return [
      {
        organizationId: e.organizationId,
        type: WEBHOOK_TYPES[e.type]!,
        at: e.at,
        data: {
          email_id: email.id,
          from: email.from_address,
          to: [email.to_address],
          subject: email.subject,
          created_at: new Date(Number(email.created_at)).toISOString(),
          ...(email.campaign_id !== null ? { campaign_id: email.campaign_id } : {}),
          // A bounce or complaint is told at the top, as Resend and Postmark do; the whole detail besides.
          ...(e.detail?.['bounce'] ? { bounce: e.detail['bounce'] } : {}),
          ...(e.detail?.['complaint'] ? { complaint: e.detail['complaint'] } : {}),
          ...(e.detail ? { detail: e.detail } : {}),
        },
      },
    ];
  });
  await publishWebhookEvents(db, subscriptions, published, Math.max(...wanted.map((e) => e.at)));
}
