import type { Generated } from 'kysely';

/**
 * Row types of every table. Times are integer milliseconds since the epoch
 * (bigint in PostgreSQL, parsed back to number); JSON is stored as text so both
 * dialects read it the same way.
 */
export interface OrganizationsTable {
  id: string;
  name: string;
  plan: 'free' | 'premium' | 'enterprise';
  created_at: number;
  /** Requests per minute by arrangement; null = the plan's quota. */
  rate_limit: number | null;
}

export interface ApiTokensTable {
  id: string;
  organization_id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  /** full | read (a read token is refused every write). */
  permission: string;
  created_at: number;
  revoked_at: number | null;
  /** Written at most once a minute per token. */
  last_used_at: number | null;
}

export interface WebhooksTable {
  id: string;
  organization_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  secret: string;
  enabled: number;
  created_at: number;
  updated_at: number;
  /** Failed attempts in a row; a success starts over. */
  failures: Generated<number>;
  /** While failing: no attempt before this time. */
  paused_until: number | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  organization_id: string;
  event_type: string;
  payload: string;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  response_status: number | null;
  response_excerpt: string | null;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface FormConfirmationsTable {
  id: string;
  organization_id: string;
  email: string;
  submission: string;
  created_at: number;
  expires_at: number;
  confirmed_at: number | null;
}

export interface DomainsTable {
  id: string;
  organization_id: string;
  name: string;
  /** pending | verified | failed */
  status: string;
  dkim_selector: string;
  dkim_private_key: string;
  dkim_public_key: string;
  checks: string | null;
  created_at: number;
  updated_at: number;
  verified_at: number | null;
  /** The name while the domain receives mail (unique: one organization per domain); null while it does not. */
  receiving_name: string | null;
  /** The last check of its records (verify_domain or a scheduled re-check); null: never checked. */
  checked_at: number | null;
  /** A verified domain whose scheduled re-checks find a required record missing: since the first that did; null otherwise. */
  failing_since: number | null;
}

export interface OAuthClientsTable {
  client_id: string;
  kind: 'registered' | 'metadata_document';
  client_name: string | null;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  created_at: number;
  /** A fetched metadata document is used until then; null for a registered client. */
  expires_at: number | null;
  /** A registered client's last authorization, code exchange or refresh; null until its first. Unused ones expire. */
  last_used_at: number | null;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  organization_id: string;
  api_token_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  resource: string;
  expires_at: number;
  used_at: number | null;
  family_id: string | null;
  created_at: number;
}

export interface OAuthTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  family_id: string;
  client_id: string;
  organization_id: string;
  api_token_id: string;
  scope: string;
  resource: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface EmailsTable {
  id: string;
  organization_id: string;
  from_address: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  preview: string | null;
  message_id: string;
  last_event: string;
  source: string;
  /** The SMTP submission it was made of (shared headers and attachments); null for other doors. */
  submission_id: string | null;
  /** Open and click tracking: the key its tracking links carry; null when not tracked. */
  tracking_key: string | null;
  /** What a tracked email tracks: "opens,clicks", "opens" or "clicks"; null (with a key) = both. */
  tracking_events: string | null;
  /** The campaign it was sent for; null for every other door. */
  campaign_id: string | null;
  /** Its one-click unsubscribe URL (campaign emails). */
  list_unsubscribe: string | null;
  created_at: number;
  updated_at: number;
}

export interface SubmissionsTable {
  id: string;
  organization_id: string;
  /** JSON: SubmissionHeaders. */
  headers: string;
  created_at: number;
}

export interface SubmissionAttachmentsTable {
  submission_id: string;
  position: number;
  filename: string | null;
  content_type: string;
  content_id: string | null;
  /** 1 = shown inline (referenced by cid:), 0 = an attachment. */
  inline: number;
  content: Buffer;
}

export interface EmailBodiesTable {
  email_id: string;
  html: string;
  text: string;
}

export interface EmailEventsTable {
  id: string;
  email_id: string;
  organization_id: string;
  type: string;
  detail: string | null;
  created_at: number;
}

export interface CapturedMessagesTable {
  email_id: string;
  raw: string;
  created_at: number;
}

/** A periodic task that runs once across every process on the database (queue/scheduled.ts). */
export interface SchedulerLeasesTable {
  name: string;
  /** The process that holds it (host:pid:token), while it runs the task; null before anyone has. */
  owner: string | null;
  /** Until when `owner` holds it; another process may take it after. */
  lease_until: number;
  /** When the task last started a run that was completed; null: never. */
  last_run_at: number | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  ref_id: string;
  run_at: number;
  attempts: Generated<number>;
  lease_until: number | null;
  lease_owner: string | null;
  last_error: string | null;
  created_at: number;
  /** The organization the job works for; null for the platform's own. */
  organization_id: string | null;
  /** Its turn in its kind's line while ready to run; null while it waits for run_at. */
  turn: number | null;
  /** Jobs of one group (a webhook endpoint) run only so many at a time in a worker; null: no group. */
  group_key: string | null;
}

export interface IdempotencyKeysTable {
  organization_id: string;
  key: string;
  fingerprint: string;
  /** Which request holds the claim: only it may complete or release it. */
  claim_token: string;
  state: 'in_flight' | 'completed';
  response: string | null;
  created_at: number;
  expires_at: number;
}

/** Email events counted by UTC day, sender domain and type (kept with every event write). */
export interface EmailDailyStatsTable {
  organization_id: string;
  /** Days since 1970-01-01, UTC. */
  day: number;
  /** The sender's domain, lower-cased. */
  domain: string;
  type: string;
  /** Which of a counter's rows (summed on read): PostgreSQL's concurrent accepts add to different ones. */
  shard: number;
  count: number;
}

/** A tag a send gave its email (at most ten, names unique within an email). */
export interface EmailTagsTable {
  email_id: string;
  organization_id: string;
  name: string;
  value: string;
}

/** Email events counted by UTC day, sender domain and type, once per tag of their email (kept with every event write). */
export interface EmailDailyTagStatsTable {
  organization_id: string;
  tag_name: string;
  tag_value: string;
  /** Days since 1970-01-01, UTC. */
  day: number;
  /** The sender's domain, lower-cased. */
  domain: string;
  type: string;
  /** Which of a counter's rows (summed on read): PostgreSQL's concurrent accepts add to different ones. */
  shard: number;
  count: number;
}

export interface QuotaWindowsTable {
  organization_id: string;
  window_start: number;
  count: number;
}

export interface RecipientGuardsTable {
  organization_id: string;
  /** Lower-cased address. */
  mailbox: string;
  /** JSON array of send times (ms), oldest first. */
  sends: string;
  cooldown_until: number | null;
  /** When the row no longer matters (last send out of the long window and cooldown over). */
  expires_at: number;
}

export type SubscriberStatus = 'subscribed' | 'unsubscribed' | 'bounced' | 'complained';

export interface SubscribersTable {
  id: string;
  organization_id: string;
  email: string;
  /** Lower-cased address: unique per organization. */
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  status: SubscriberStatus;
  /** JSON object of custom fields. */
  attributes: string;
  /** Email and names, lower-cased, for `query`. */
  search_text: string;
  created_at: number;
  updated_at: number;
  unsubscribed_at: number | null;
}

/** A CSV import of subscribers: its file until the queue job has read it, and the job's progress. */
export interface SubscriberImportsTable {
  id: string;
  organization_id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  /** JSON: the column mapping used (ImportColumns). */
  columns: string;
  /** JSON array of tag names added to every row. */
  tags: string;
  update_existing: number;
  total_rows: number | null;
  /** Data rows done: the job resumes after them. */
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
  /** JSON array of {row, email, message}, the first IMPORT_ERRORS_KEPT. */
  errors: string;
  error_count: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** An import's file, as UTF-8 (decoded from the encoding it came in), until the import ends. */
export interface SubscriberImportFilesTable {
  import_id: string;
  content: Buffer;
}

export interface TagsTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: number;
}

export interface SubscriberTagsTable {
  tag_id: string;
  subscriber_id: string;
  created_at: number;
}

export interface SubscriberEventsTable {
  id: string;
  organization_id: string;
  subscriber_id: string;
  name: string;
  /** JSON object. */
  properties: string;
  created_at: number;
}

export interface WorkflowsTable {
  id: string;
  organization_id: string;
  name: string;
  status: 'active' | 'paused';
  trigger_type: 'event' | 'tag_added' | 'subscriber_created';
  trigger_value: string;
  /** JSON array of steps. */
  steps: string;
  created_at: number;
  updated_at: number;
}

export interface WorkflowRunsTable {
  id: string;
  organization_id: string;
  workflow_id: string;
  subscriber_id: string;
  trigger_event_id: string;
  depth: number;
  step_index: number;
  status: 'running' | 'waiting' | 'paused' | 'completed' | 'failed' | 'cancelled';
  wake_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface CampaignsTable {
  id: string;
  organization_id: string;
  name: string;
  subject: string;
  from_address: string;
  reply_to: string | null;
  preview: string | null;
  content_kind: 'html' | 'markdown' | 'tiptap';
  /** As given; a tiptap document as JSON. */
  content: string;
  /** JSON: {tags, match}. */
  audience: string;
  track_opens: number;
  track_clicks: number;
  status: CampaignStatus;
  scheduled_at: number | null;
  started_at: number | null;
  sent_at: number | null;
  fanout_cursor: string | null;
  fanout_done: Generated<number>;
  stat_recipients: Generated<number>;
  stat_skipped: Generated<number>;
  stat_sent: Generated<number>;
  stat_delivered: Generated<number>;
  stat_bounced: Generated<number>;
  stat_complained: Generated<number>;
  stat_failed: Generated<number>;
  stat_opened: Generated<number>;
  stat_clicked: Generated<number>;
  stat_unsubscribed: Generated<number>;
  /** Of the skipped, members whose address is on the suppression list. */
  stat_suppressed: Generated<number>;
  stat_finished: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CampaignRecipientsTable {
  campaign_id: string;
  subscriber_id: string;
  email_id: string | null;
  skip_reason: string | null;
  created_at: number;
}

export interface SuppressionsTable {
  id: string;
  organization_id: string;
  email: string;
  /** Lower-cased address: unique per organization. */
  email_key: string;
  reason: 'bounce' | 'complaint' | 'manual';
  /** The email whose bounce or complaint caused it; null when added by hand. */
  source_id: string | null;
  created_at: number;
  /** Null: never. */
  expires_at: number | null;
}

export interface SigningKeysTable {
  name: string;
  secret: string;
  created_at: number;
}

/** A report that came back to a return path, and what was made of it (raw kept only when it matched nothing). */
export interface InboundReportsTable {
  id: string;
  organization_id: string | null;
  email_id: string | null;
  kind: string;
  outcome: string;
  recipient: string;
  mail_from: string | null;
  remote_address: string;
  size: number;
  raw: Buffer | null;
  created_at: number;
}

/** A received message, stored once however many organizations it was for (keyed by the id of the first record made of it). */
export interface ReceivedMessagesTable {
  id: string;
  /** The bytes as stored: the inbound listener's Authentication-Results and Received headers, then the message. */
  raw: Buffer;
  size: number;
  from_address: string | null;
  /** JSON arrays of mailboxes as a header writes them. */
  to_addresses: string;
  cc_addresses: string;
  reply_to: string;
  subject: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  /** JSON array of message ids. */
  reference_ids: string;
  date: string | null;
  text: string | null;
  html: string | null;
  /** JSON array of {name, value}. */
  headers: string;
  /** JSON: ReceivedAuthentication. */
  authentication: string;
  mail_from: string | null;
  remote_address: string;
  helo: string | null;
  created_at: number;
}

/** An organization's record of a received message. */
export interface ReceivedEmailsTable {
  id: string;
  organization_id: string;
  /** received_messages.id */
  message: string;
  /** JSON array: the envelope recipients at this organization's domains. */
  recipients: string;
  from_key: string | null;
  /** Lower-cased addresses of To, Cc and the recipients, each between newlines. */
  address_keys: string;
  created_at: number;
}

export interface ReceivedAttachmentsTable {
  id: string;
  message: string;
  position: number;
  filename: string | null;
  content_type: string;
  content_id: string | null;
  /** attachment | inline */
  disposition: string;
  size: number;
  content: Buffer;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  email: string;
  /** The address lower-cased: one user per address in an organization. */
  email_key: string;
  name: string | null;
  /** admin | member | viewer */
  role: string;
  /** invited | active */
  status: string;
  /** A self-describing scrypt hash; null until the user accepts the invitation. */
  password_hash: string | null;
  created_at: number;
  last_sign_in_at: number | null;
  /** The TOTP secret (base32), once set up; null without a second factor. */
  totp_secret: string | null;
  /** When a code confirmed the secret: from then on sign-in asks for a code. */
  totp_enabled_at: number | null;
}

export interface UserInvitationsTable {
  id: string;
  organization_id: string;
  /** Null: the user is created on acceptance (the first admin), with `role`. */
  user_id: string | null;
  role: string;
  /** SHA-256 of the link's secret. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SessionsTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** SHA-256 (hex) of the cookie's secret. */
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordResetsTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** SHA-256 (hex) of the link's secret. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: number | null;
}

export interface SignInFailuresTable {
  /** `ip:<address>` or `account:<address signed in with, lower-cased>` (see users/sign-in-limits.ts). */
  key: string;
  window_start: number;
  count: number;
}

export interface Database {
  organizations: OrganizationsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  domains: DomainsTable;
  form_confirmations: FormConfirmationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  emails: EmailsTable;
  email_bodies: EmailBodiesTable;
  submissions: SubmissionsTable;
  submission_attachments: SubmissionAttachmentsTable;
  email_events: EmailEventsTable;
  captured_messages: CapturedMessagesTable;
  jobs: JobsTable;
  scheduler_leases: SchedulerLeasesTable;
  idempotency_keys: IdempotencyKeysTable;
  quota_windows: QuotaWindowsTable;
  email_daily_stats: EmailDailyStatsTable;
  email_tags: EmailTagsTable;
  email_daily_tag_stats: EmailDailyTagStatsTable;
  recipient_guards: RecipientGuardsTable;
  subscribers: SubscribersTable;
  tags: TagsTable;
  subscriber_tags: SubscriberTagsTable;
  subscriber_events: SubscriberEventsTable;
  subscriber_imports: SubscriberImportsTable;
  subscriber_import_files: SubscriberImportFilesTable;
  workflows: WorkflowsTable;
  workflow_runs: WorkflowRunsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  signing_keys: SigningKeysTable;
  suppressions: SuppressionsTable;
  inbound_reports: InboundReportsTable;
  received_messages: ReceivedMessagesTable;
  received_emails: ReceivedEmailsTable;
  received_attachments: ReceivedAttachmentsTable;
  users: UsersTable;
  user_invitations: UserInvitationsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_failures: SignInFailuresTable;
}
