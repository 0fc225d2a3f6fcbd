// The one import surface for servers/: the core, its types and its errors.
export { MAILGATE_VERSION } from './version.ts';
export {
  OAuthError,
  isOAuthError,
  scopesAllow,
  scopesFor,
  OAUTH_SCOPES,
  MCP_RESOURCE_PATH,
  ACCESS_TOKEN_PREFIX,
  type OAuthScope,
  type OAuthErrorCode,
  type AuthorizationRequest,
} from './oauth/index.ts';
export { createCore, openConfiguredDatabase, type Core, type CoreDeps, type FleetMetrics } from './app.ts';
export { loadConfig, ConfigError, listensEverywhere, localHttpAddress, PROCESS_ROLES, type Config, type Role } from './config.ts';
export { AppError, isAppError, retryAfterSeconds, validationError, type ErrorKind, type ErrorDetail } from './errors.ts';
export { systemClock, ManualClock, type Clock } from './clock.ts';
export { openDatabase, migrateToLatest, isConnectionLoss, type DatabaseHandle } from './db/index.ts';
export {
  parseSendBody,
  BATCH_MAX,
  SUBMISSION_IDEMPOTENCY_HEADER,
  sendEmailFields,
  sendFieldRules,
  idempotencyKeyField,
  IDEMPOTENCY_CODES,
  submissionToSendRequest,
  type SendRequest,
  type BatchMode,
  type EmailSource,
  type SubmittedMessage,
  type SubmittedMailbox,
  type SubmittedAttachment,
} from './emails/index.ts';
export {
  PLANS,
  PERMISSIONS,
  ROLES,
  assertMayWrite,
  isPlan,
  isRole,
  type AuthContext,
  type Plan,
  type Role as UserRole,
  type TokenPermission,
} from './auth-scope/index.ts';
export { ACCEPT_INVITATION_PATH, acceptInvitationSchema, userRecordSchema, type CreatedInvitation, type UserRecord } from './users/index.ts';
export {
  CSRF_HEADER,
  SESSION_CODES,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionRecordSchema,
  signInSchema,
  type ClientInfo,
  type SessionRecord,
} from './users/index.ts';
export {
  changePasswordSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  RESET_PASSWORD_PATH,
  sessionListSchema,
  totpDisableSchema,
  totpEnabledSchema,
  totpEnableSchema,
  totpSetUpSchema,
} from './users/index.ts';
export type { Organization } from './orgs/index.ts';
export type { Transport, WaitUntil } from './delivery/index.ts';
export { QUOTA_WINDOW_SECONDS, type QuotaState } from './limits/index.ts';
export { markdownToHtml } from './render/markdown.ts';
export type { EmailContent } from './render/index.ts';
export type { IdPrefix } from './ids.ts';
export type { ReportRecipient, OriginalMessage } from './returns/report.ts';
export { CONFIRM_PATH, type ConfirmationTarget, type FormResult } from './integrations/index.ts';
export { verifyInputSchema, verifyResultSchema, VERIFY_CODES, type VerifyResult } from './verify/index.ts';
export { createDnsResolver, DnsUnavailable, type DnsResolver } from './dns/resolver.ts';
export type { ReturnsService, ReceivedReport, ReturnReport } from './returns/index.ts';
export {
  AUTH_RESULTS,
  DMARC_POLICY_REJECT,
  RFC822,
  type AuthResult,
  type IncomingAttachment,
  type IncomingAuthentication,
  type IncomingMail,
  type IncomingMailbox,
  type ParsedIncoming,
  type ReceivedEmailRecord,
  type ReceivingService,
  type ReplyContext,
} from './receiving/index.ts';
export { WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_DELAYS_MS, type WebhookRecord, type WebhookDeliveryRecord } from './webhooks/index.ts';
export { RECIPIENT_SUPPRESSED, COMPLAINT_SUPPRESSION, SUPPRESSION_REASONS, type SuppressionRecord } from './suppressions/index.ts';
export {
  nulCharacter,
  parseBody,
  parseInput,
  isPlainObject,
  assertJsonObject,
  inputProblem,
  checkInput,
  nestedTooDeep,
  MAX_INPUT_DEPTH,
} from './validation.ts';
export { parsePageRequest, pageFields, pageOf, queryNumber, listEnvelope, PAGE_LIMIT_MAX, type Page, type PageRequest } from './pagination.ts';
export * from './operations/index.ts';
export {
  subscriberCreateSchema,
  subscriberUpdateSchema,
  subscriberFieldRules,
  toWrite,
  subscriberFilterSchema,
  subscriberFilterFields,
  type SubscriberFilter,
  type SubscriberWrite,
  subscriberRecordSchema,
  tagRecordSchema,
  subscriberEventRecordSchema,
  parseSubscriberListQuery,
  tagsBodySchema,
  unsubscribeBodySchema,
  tagCreateSchema,
  eventCreateSchema,
  type SubscriberRecord,
  type TagRecord,
  type SubscriberEventRecord,
  importTooLarge,
  IMPORT_ENCODINGS,
  createSubscriberImports,
  SUBSCRIBER_IMPORT_JOB,
  type SubscriberImportRecord,
} from './audience/index.ts';
export { workflowCreateSchema, workflowUpdateSchema, type WorkflowRecord, type WorkflowRunRecord } from './workflows/index.ts';
export { mailboxKey } from './emails/address.ts';
export { TRACKING_PATHS } from './emails/tracking/index.ts';
export {
  campaignFields,
  audienceSchema,
  trackingSchema,
  scheduledAtField,
  campaignStatsSchema,
  CAMPAIGN_STATUSES,
  UNSUBSCRIBE_PATH,
  type CampaignRecord,
  type CampaignDraft,
  type CampaignChanges,
  type Tracking,
  type UnsubscribeTarget,
} from './campaigns/index.ts';
