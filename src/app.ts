import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { databaseAnswers, migrateToLatest, openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/index.ts';
import { createReturnsService, type ReturnsService } from './returns/index.ts';
import {
  createCaptureTransport,
  createDeliverEmailHandler,
  createRelayPace,
  createRelayTransport,
  retryDelayMs,
  waitWithTimers,
  type Transport,
  type WaitUntil,
} from './delivery/index.ts';
import { createScheduler, createWorker, newOwner, queueStats, scheduledTaskRuns, type QueueKindStats, type Scheduler, type Worker } from './queue/index.ts';
import { createAudienceService, createSubscriberImports, SUBSCRIBER_IMPORT_JOB, type AudienceService, type SubscriberImportService } from './audience/index.ts';
import { createWorkflowRunHandler, createWorkflowService, workflowTriggers, WORKFLOW_RUN_JOB, type WorkflowService } from './workflows/index.ts';
import { createEmailService, DELIVER_EMAIL_JOB, type EmailService } from './emails/index.ts';
import { purgeExpiredIdempotencyKeys } from './emails/idempotency.ts';
import { createRegistrationLimit, createRequestLimits, purgeRecipientGuards, type RequestLimits } from './limits/index.ts';
import { createOrganizationService, type OrganizationService } from './orgs/index.ts';
import cpuTasks from './delivery/cpu-tasks.ts';
import { createOAuthService, MCP_RESOURCE_PATH, type OAuthService } from './oauth/index.ts';
import { createThreadPool } from './threads/index.ts';
import { createTokenService, type TokenService } from './tokens/index.ts';
import { createDnsResolver, type DnsResolver } from './dns/resolver.ts';
import { createVerifyService, type VerifyService } from './verify/index.ts';
import { createIntegrationService, type IntegrationService } from './integrations/index.ts';
import { createDomainService, spfMechanismFor, type DomainService } from './domains/index.ts';
import { createWebhookDeliveryHandler, createWebhookService, WEBHOOK_DELIVERY_JOB, type WebhookService } from './webhooks/index.ts';
import { createTrackingService, type TrackingService } from './emails/tracking/index.ts';
import { CAMPAIGN_SEND_JOB, countCampaignEvents, createCampaigns, type CampaignService } from './campaigns/index.ts';
import { addressDomainOf, returnPathKey } from './returns/verp.ts';
import { createSuppressionService, type SuppressionService } from './suppressions/index.ts';
import { createReceivingService, type ReceivingService } from './receiving/index.ts';
import {
  checkSecondFactor,
  createAccountService,
  createPasswordResetService,
  createSessionService,
  createUserService,
  type AccountService,
  type PasswordResetService,
  type SessionService,
  type UserService,
} from './users/index.ts';

/**
 * The composition root of the core: wires storage, clock and transport into the
 * services every door calls. It listens on nothing; servers/main.ts does.
 */
export interface CoreDeps {
  db: DatabaseHandle;
  clock?: Clock;
  /** Defaults to relay when config.relayUrl is set, else capture. */
  transport?: Transport;
  /**
   * How delivery waits for its pace (DELIVERY_RATE_PER_SECOND, cooling after a
   * relay throttles): real timers against `clock` by default. Tests on a
   * ManualClock pass one that moves it.
   */
  waitUntil?: WaitUntil;
  /** DNS for address verification and domain checks (default: DNS_SERVERS, else the system's servers). */
  dns?: DnsResolver;
  /** How outbound webhooks resolve a host name (default: the system's, node:dns lookup). */
  lookupHost?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface CoreLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface Core {
  readonly config: Config;
  readonly db: DatabaseHandle;
  readonly clock: Clock;
  readonly transport: Transport;
  readonly orgs: OrganizationService;
  readonly tokens: TokenService;
  readonly webhooks: WebhookService;
  readonly verify: VerifyService;
  readonly integrations: IntegrationService;
  readonly domains: DomainService;
  readonly emails: EmailService;
  readonly audience: AudienceService;
  /** CSV imports of subscribers, written by a queue job. */
  readonly subscriberImports: SubscriberImportService;
  readonly workflows: WorkflowService;
  readonly campaigns: CampaignService;
  /** The addresses no send reaches (bounced, complained, added by hand). */
  readonly suppressions: SuppressionService;
  /** The OAuth authorization server's rules, for MCP clients. */
  readonly oauth: OAuthService;
  /** Opens and clicks of tracked emails. */
  readonly tracking: TrackingService;
  /** The per-IP rate and the organization quota, applied by every door to each request. */
  readonly limits: RequestLimits;
  /** What comes back by mail to a return path: bounces, delay notices, complaints (the inbound listener's core). */
  readonly returns: ReturnsService;
  /** Mail received for the organizations' receiving domains (the inbound listener's core), and the API's reads of it. */
  readonly receiving: ReceivingService;
  /** The people of each organization, their roles and invitations. */
  readonly users: UserService;
  /** People signed in: sign-in, the session behind a cookie, sign-out. */
  readonly sessions: SessionService;
  /** A signed-in person's own account: sessions, password, second factor. */
  readonly account: AccountService;
  /** Password reset by an emailed one-time link. */
  readonly passwordResets: PasswordResetService;
  /** Does the database answer now (a trivial query, within DATABASE_ANSWER_MS)? For /health. */
  databaseAnswers(): Promise<boolean>;
  /**
   * Counts across the fleet for monitoring (/metrics): the queue by job kind, and
   * when each scheduled task last ran. Nothing per organization. Null when the
   * database did not answer within METRICS_QUERY_MS.
   */
  fleetMetrics(): Promise<FleetMetrics | null>;
  /** The queue worker of this process; started only by the `worker` role. */
  readonly worker: Worker;
  /** Periodic tasks (retention sweeps, domain re-checks), each run by one process at a time; started with the worker. */
  readonly scheduler: Scheduler;
  close(): Promise<void>;
}

/** The scheduled tasks (queue/scheduled.ts), by the names their lease rows and /metrics know them by. */
export const RETENTION_TASK = 'retention';
export const DOMAIN_RECHECK_TASK = 'domain_rechecks';
export const SCHEDULED_TASKS = [RETENTION_TASK, DOMAIN_RECHECK_TASK] as const;
/** Expired idempotency keys, quota windows, recipient guards, OAuth clients, suppressions, received mail and reports. */
const RETENTION_EVERY_MS = 10 * 60 * 1000;
/** Each run checks the domains that are due (domains' RECHECK), at most this many. */
const DOMAIN_RECHECK_EVERY_MS = 60 * 1000;
const DOMAIN_RECHECKS_PER_RUN = 50;
/** How long a run holds its task before another process may take it over (renewed every second while it runs). */
const SCHEDULED_LEASE_MS = 60 * 1000;

export interface FleetMetrics {
  queue: QueueKindStats[];
  tasks: { name: string; lastRunAt: number | null }[];
}

/** The job kinds this version runs, each listed in the queue's metrics even when it has no jobs. */
const JOB_KINDS = [DELIVER_EMAIL_JOB, WEBHOOK_DELIVERY_JOB, WORKFLOW_RUN_JOB, CAMPAIGN_SEND_JOB, SUBSCRIBER_IMPORT_JOB];
/** How long /metrics waits for its two queries (one reads the whole jobs table). */
const METRICS_QUERY_MS = 5_000;

/** How long /health waits for the database before it says unreachable: below a load balancer's usual probe timeout (1 s). */
const DATABASE_ANSWER_MS = 800;

/** Workflow runs at once per process: each is short (a step, then a wait or a send). */
const WORKFLOW_SLOTS = 8;
/** Campaign fan-outs at once per process: each streams its audience for as long as it takes. */
const CAMPAIGN_SLOTS = 4;
/** Subscriber imports at once per process: each writes its file chunk by chunk for as long as it takes. */
const IMPORT_SLOTS = 2;
/** Jobs of any kind without a lane of its own (none today; a kind from a newer version, say). */
const OTHER_SLOTS = 2;

export function createCore(config: Config, deps: CoreDeps, logger?: CoreLogger): Core {
  const clock = deps.clock ?? systemClock;
  const db = deps.db;
  const transport = deps.transport ?? (config.relayUrl ? createRelayTransport({ url: config.relayUrl }) : createCaptureTransport(db, clock));
  const tokens = createTokenService(db.db, clock);
  const dns = deps.dns ?? createDnsResolver({ servers: config.dnsServers });
  const lookupHost = deps.lookupHost ?? ((hostname: string) => dns.hostAddresses(hostname));
  const domains = createDomainService(db, clock, dns, {
    spfMechanism: spfMechanismFor(config.relayUrl),
    inboundMxHost: config.inboundMxHost,
    ...(logger ? { logger } : {}),
  });
  const orgs = createOrganizationService(db, clock);
  const pool = createThreadPool({
    threads: config.cpuThreads,
    tasks: cpuTasks,
    timeLimitsMs: { render: config.renderTimeLimitMs, compileTemplate: config.renderTimeLimitMs },
  });
  const limits = createRequestLimits(config, db, clock);
  const owner = newOwner();
  const registrations = createRegistrationLimit(config.oauthClients.registrationsPerAddressPerHour, clock);
  const oauth = createOAuthService(db, clock, tokens, {
    issuer: config.baseUrl,
    resource: `${config.baseUrl}${MCP_RESOURCE_PATH}`,
    allowPrivateClients: config.oauthAllowPrivateClients,
    lookupHost,
    clients: { maxRegistered: config.oauthClients.maxRegistered, unusedTtlMs: config.oauthClients.unusedTtlMs, idleTtlMs: config.oauthClients.idleTtlMs },
    admitRegistration: (address) => registrations.admit(address),
  });
  const suppressions = createSuppressionService(db, clock, logger);
  const pace = createRelayPace({ clock, waitUntil: deps.waitUntil ?? waitWithTimers(clock), ratePerSecond: config.delivery.ratePerSecond });

  let worker: Worker;
  const emails = createEmailService({
    db,
    clock,
    pool,
    owner,
    onAccepted: (kind) => worker.notify(kind),
    // Mail that leaves through a relay is sent only from the organization's verified domains; capture mode lets any domain send.
    isVerifiedDomain: config.relayUrl ? (organizationId, domain) => domains.isVerified(organizationId, domain) : undefined,
    // A reply (in_reply_to) threads under the received email it names; asked only at send time.
    replyContext: (organizationId, id) => receiving.replyContext(organizationId, id),
  });
  // Audience reports the subscriber events it records (its own, and delivery's
  // outcomes) through a port: here, workflows start the runs they trigger.
  const audience = createAudienceService(db, clock, workflowTriggers);
  // One key signs the return paths delivery writes and the inbound listener reads.
  const returnPaths = returnPathKey(db.db, () => clock.now());
  const returns = createReturnsService({
    db,
    clock,
    returnPathKey: returnPaths,
    bounceCooldownMs: config.limits.bounceCooldownSeconds * 1000,
    triggers: workflowTriggers,
    retentionMs: config.receivedRetentionDays * 24 * 60 * 60 * 1000,
  });
  const receiving = createReceivingService({
    db,
    clock,
    receivingOrganizationOf: (domain) => domains.receivingOrganizationOf(domain),
    retentionMs: config.receivedRetentionDays * 24 * 60 * 60 * 1000,
  });
  const subscriberImports = createSubscriberImports({
    db,
    clock,
    owner,
    maxBytes: config.imports.maxBytes,
    maxRows: config.imports.maxRows,
    onQueued: (kind) => worker.notify(kind),
  });
  const campaigns = createCampaigns({ db, clock, emails, audience, pool, baseUrl: config.baseUrl, owner });
  worker = createWorker({
    db,
    clock,
    owner,
    // Each kind has its slots, so none waits behind another (a silent webhook
    // receiver holds webhook slots, never email delivery's); within a kind,
    // organizations take turns (queue/job-queue.ts).
    lanes: {
      [DELIVER_EMAIL_JOB]: config.delivery.concurrency,
      // A webhook delivery queues nothing: its end need not have the other lanes look for work.
      [WEBHOOK_DELIVERY_JOB]: { slots: config.webhooks.concurrency, perGroup: config.webhooks.endpointConcurrency, queuesNothing: true },
      [WORKFLOW_RUN_JOB]: WORKFLOW_SLOTS,
      [CAMPAIGN_SEND_JOB]: CAMPAIGN_SLOTS,
      [SUBSCRIBER_IMPORT_JOB]: IMPORT_SLOTS,
    },
    concurrency: OTHER_SLOTS,
    leaseMs: config.delivery.leaseSeconds * 1000,
    retryDelayMs,
    handlers: {
      [DELIVER_EMAIL_JOB]: createDeliverEmailHandler({
        db,
        clock,
        transport,
        pace,
        pool,
        maxAttempts: config.delivery.maxAttempts,
        owner,
        leaseMs: config.delivery.leaseSeconds * 1000,
        bounceCooldownMs: config.limits.bounceCooldownSeconds * 1000,
        baseUrl: config.baseUrl,
        triggers: workflowTriggers,
        sendingDomain: (organizationId, domain) => domains.sendingDomain(organizationId, domain),
        returnPathKey: returnPaths,
        returnPathDomain: config.returnPathDomain ?? addressDomainOf(config.inboundMxHost),
      }),
      [WORKFLOW_RUN_JOB]: createWorkflowRunHandler({ db, clock, emails, audience, owner }),
      [CAMPAIGN_SEND_JOB]: campaigns.sendHandler,
      [SUBSCRIBER_IMPORT_JOB]: subscriberImports.handler,
      [WEBHOOK_DELIVERY_JOB]: createWebhookDeliveryHandler({
        db,
        clock,
        owner,
        allowPrivate: config.webhookAllowPrivate,
        timeoutMs: config.webhooks.timeoutMs,
        lookup: lookupHost,
      }),
    },
    ...(logger ? { logger } : {}),
  });
  // Periodic work, run once across every process with the worker role on this database.
  const scheduler = createScheduler({
    db: db.db,
    clock,
    owner,
    leaseMs: SCHEDULED_LEASE_MS,
    tasks: [
      {
        name: RETENTION_TASK,
        everyMs: RETENTION_EVERY_MS,
        run: async () => {
          const now = clock.now();
          await purgeExpiredIdempotencyKeys(db.db, now);
          await limits.purge(now);
          await purgeRecipientGuards(db.db, now);
          await oauth.purgeExpiredClients(now);
          await suppressions.purgeExpired(now);
          await returns.purge(now);
          await receiving.purge(now);
        },
      },
      {
        name: DOMAIN_RECHECK_TASK,
        everyMs: DOMAIN_RECHECK_EVERY_MS,
        run: async (signal) => {
          await domains.recheckDue({ limit: DOMAIN_RECHECKS_PER_RUN, signal });
        },
      },
    ],
    ...(logger ? { logger } : {}),
  });

  return {
    config,
    db,
    clock,
    transport,
    orgs,
    tokens,
    webhooks: createWebhookService(db, clock, {
      allowPrivate: config.webhookAllowPrivate,
      maxPerOrganization: config.webhooks.maxPerOrganization,
      poster: { lookup: lookupHost, timeoutMs: config.webhooks.timeoutMs },
    }),
    verify: createVerifyService(dns),
    domains,
    emails,
    audience,
    subscriberImports,
    returns,
    receiving,
    integrations: createIntegrationService({ db, clock, audience, emails, baseUrl: config.baseUrl, confirmFrom: config.formsConfirmFrom }),
    workflows: createWorkflowService(db, clock, emails),
    campaigns: campaigns.service,
    suppressions,
    users: createUserService({ db, clock, emails, baseUrl: config.baseUrl, systemFrom: config.systemFrom }),
    sessions: createSessionService({ db, clock, secondFactor: checkSecondFactor({ db, clock }) }),
    account: createAccountService({ db, clock }),
    passwordResets: createPasswordResetService({ db, clock, emails, baseUrl: config.baseUrl, systemFrom: config.systemFrom }),
    oauth,
    // A campaign email's first open or click counts in its campaign's stats.
    tracking: createTrackingService(db, clock, pool, (trx, campaignId, type, at) => countCampaignEvents(trx, [{ campaignId, counter: type }], at)),
    limits,
    databaseAnswers: () => databaseAnswers(db, DATABASE_ANSWER_MS),
    async fleetMetrics() {
      const read = Promise.all([queueStats(db.db, clock.now(), JOB_KINDS), scheduledTaskRuns(db.db, SCHEDULED_TASKS)]).then(
        ([queue, tasks]): FleetMetrics => ({ queue, tasks }),
        () => null,
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), METRICS_QUERY_MS)));
      try {
        return await Promise.race([read, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    worker,
    scheduler,
    async close() {
      // A run in progress is cut short and records nothing: another process runs it again.
      await scheduler.stop();
      // Hand-offs waiting for their turn have not started: back to the queue at once.
      pace.close();
      await worker.stop({ graceMs: config.shutdownGraceSeconds * 1000, abort: () => transport.close() });
      await pool.close();
      await transport.close();
    },
  };
}

/** Open and migrate the database the config names; `onSyncFailure` as in openDatabase. */
export async function openConfiguredDatabase(config: Config, hooks: Pick<DatabaseOptions, 'onSyncFailure'> = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    sqlitePath: config.sqlitePath,
    durability: config.durability,
    ...hooks,
  });
  await migrateToLatest(handle);
  return handle;
}
