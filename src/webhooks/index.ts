// Outbound webhooks: the resource (a URL subscribed to event types, its secret
// shown once), the publishing of events with the caller's transaction
// (publish.ts), and the worker's delivery (deliver.ts); the queries of the
// resource and of publishing are in webhook.repository.ts. Sits below the layers
// that publish (emails, audience, campaigns) and above the queue it writes jobs to.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { AppError, validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { isPrivateAddress } from '../outbound/addresses.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import type { WebhookCreate, WebhookUpdate } from './webhook-input.ts';
import { wakeJobs } from '../queue/index.ts';
import { postWebhookEvent, type WebhookPoster } from './post-event.ts';
import { WEBHOOK_DELIVERY_JOB } from './publish.ts';
import {
  toWebhookDeliveryRecord,
  toWebhookRecord,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryRecord,
  type WebhookRecord,
  type WebhookSecret,
  type WebhookTestResult,
} from './webhook-record.ts';
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listDeliveryRows,
  listWebhookRows,
  pendingDeliveryIds,
  updateWebhook,
} from './webhook.repository.ts';

export * from './webhook-input.ts';
export * from './webhook-record.ts';
export {
  loadSubscriptions,
  publishToSubscribers,
  publishWebhookEvents,
  WEBHOOK_DELIVERY_JOB,
  type WebhookEvent,
  type WebhookSubscriptions,
} from './publish.ts';
export { createWebhookDeliveryHandler, WEBHOOK_RETRY_DELAYS_MS, type WebhookDeliveryDeps } from './deliver.ts';
export { WEBHOOK_TIMEOUT_MS, RESPONSE_EXCERPT_BYTES, type WebhookPoster } from './post-event.ts';

export interface WebhookService {
  /** The webhook with its signing secret, shown this once. */
  create(scope: OrgScope, input: WebhookCreate): Promise<WebhookRecord & { secret: string }>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<WebhookRecord>>;
  get(scope: OrgScope, id: string): Promise<WebhookRecord>;
  update(scope: OrgScope, id: string, changes: WebhookUpdate): Promise<WebhookRecord>;
  /** Its pending deliveries are not sent. */
  remove(scope: OrgScope, id: string): Promise<{ object: 'webhook'; id: string; deleted: true }>;
  /** Its recent deliveries, newest first. */
  listDeliveries(scope: OrgScope, id: string, page: PageRequest): Promise<Page<WebhookDeliveryRecord>>;
  /** Its signing secret (whsec_…), for whoever checks signatures. */
  secret(scope: OrgScope, id: string): Promise<WebhookSecret>;
  /**
   * POST a `webhook.test` event to its URL now, enabled or not, and answer what
   * came of it. Out of band: nothing is stored, retried, or counted against the
   * endpoint's failures.
   */
  test(scope: OrgScope, id: string): Promise<WebhookTestResult>;
}

/** `whsec_` + 32 random bytes, base64: the Standard Webhooks symmetric secret. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookServiceOptions {
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private targets are fine. */
  allowPrivate: boolean;
  /** WEBHOOKS_PER_ORGANIZATION: each event fans out to every subscribed webhook, so their number is bounded. */
  maxPerOrganization: number;
  /** How a test event goes out: resolved and bounded as the worker's deliveries are. */
  poster: Omit<WebhookPoster, 'allowPrivate'>;
}

export function createWebhookService(handle: DatabaseHandle, clock: Clock, options: WebhookServiceOptions): WebhookService {
  const db = handle.db;

  /** A URL whose host is a private address literal is refused now; a host name is checked at each delivery (it may resolve anywhere). */
  function checkTarget(url: string): void {
    if (options.allowPrivate) return;
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    if ((isIP(host) && isPrivateAddress(host)) || host === 'localhost' || host.endsWith('.localhost')) {
      throw validationError([{ path: 'url', message: 'is a private, loopback or link-local address: webhooks may not target it on this server' }]);
    }
  }

  async function mustFind(scope: OrgScope, id: string) {
    const row = await findWebhook(db, scope.organizationId, id);
    if (!row) throw new AppError('not_found', `Webhook ${id} not found`);
    return row;
  }

  return {
    /** Throws conflict (WEBHOOK_LIMIT_REACHED) when the organization has its maximum already. */
    async create(scope, input) {
      checkTarget(input.url);
      if ((await countWebhooks(db, scope.organizationId)) >= options.maxPerOrganization) {
        throw new AppError('conflict', `This organization has ${options.maxPerOrganization} webhooks, the most it may have; delete one first`, {
          code: 'WEBHOOK_LIMIT_REACHED',
          details: { limit: options.maxPerOrganization },
        });
      }
      const now = clock.now();
      const row = {
        id: newId('whk', now),
        organization_id: scope.organizationId,
        url: input.url,
        events: JSON.stringify([...new Set(input.events)]),
        secret: newSecret(),
        enabled: 1,
        created_at: now,
        updated_at: now,
        failures: 0,
        paused_until: null,
      };
      await insertWebhook(db, row);
      return { ...toWebhookRecord(row), secret: row.secret };
    },

    async list(scope, page) {
      const rows = await listWebhookRows(db, scope.organizationId, page);
      return toPage(rows, page, toWebhookRecord);
    },

    async get(scope, id) {
      return toWebhookRecord(await mustFind(scope, id));
    },

    async update(scope, id, changes) {
      const row = await mustFind(scope, id);
      if (changes.url !== undefined) checkTarget(changes.url);
      const next = {
        ...row,
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.events !== undefined ? { events: JSON.stringify([...new Set(changes.events)]) } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
        updated_at: clock.now(),
      };
      // A new address, or switched on again: whatever paused the endpoint is the past, and its deliveries go now.
      const fresh = changes.url !== undefined || changes.enabled === true;
      const { url, events, enabled, updated_at } = next;
      await updateWebhook(db, id, { url, events, enabled, updated_at, ...(fresh ? { failures: 0, paused_until: null } : {}) });
      if (fresh) await wakeJobs(db, WEBHOOK_DELIVERY_JOB, pendingDeliveryIds(db, id), next.updated_at);
      return toWebhookRecord(next);
    },

    async remove(scope, id) {
      await mustFind(scope, id);
      await db.transaction().execute((trx) => deleteWebhook(trx, id));
      return { object: 'webhook', id, deleted: true };
    },

    async listDeliveries(scope, id, page) {
      await mustFind(scope, id);
      const rows = await listDeliveryRows(db, id, page);
      return toPage(rows, page, toWebhookDeliveryRecord);
    },

    async secret(scope, id) {
      const row = await mustFind(scope, id);
      return { object: 'webhook_secret', id: row.id, secret: row.secret };
    },

    async test(scope, id) {
      const row = await mustFind(scope, id);
      const now = clock.now();
      const eventId = newId('whd', now);
      const payload = JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date(now).toISOString(),
        data: { webhook_id: row.id, message: 'A test event from Mailgate: your endpoint received it.' },
      });
      const outcome = await postWebhookEvent(
        { allowPrivate: options.allowPrivate, ...options.poster },
        { url: row.url, secret: row.secret, id: eventId, payload },
        now,
      );
      const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      return {
        object: 'webhook_test',
        id: eventId,
        webhook_id: row.id,
        event_type: WEBHOOK_TEST_EVENT,
        url: row.url,
        status: delivered ? 'delivered' : 'failed',
        response_status: outcome.status,
        response_excerpt: outcome.excerpt,
        created_at: new Date(now).toISOString(),
      };
    },
  };
}
