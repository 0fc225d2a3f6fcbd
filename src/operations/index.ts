// Every operation of the platform, defined once (see operation.ts). A new
// operation added to OPERATIONS is on every door: a REST route once the HTTP
// binding table names its method and path, a tool, a CLI command, an entry in
// /openapi.json. Must not import any protocol library.
import { getEmail, getEmailRaw, getEmailStats, listEmails, sendBatch, sendEmail } from './emails.ts';
import { trackEvent } from './events.ts';
import type { Operation } from './operation.ts';
import {
  addTags,
  getSubscriber,
  listSubscriberEvents,
  listSubscribers,
  removeTags,
  unsubscribeSubscriber,
  updateSubscriber,
  upsertSubscriber,
} from './subscribers.ts';
import { createTag, getTag, listTags } from './tags.ts';
import { exportSubscribers, getSubscriberImport, importSubscribers, listSubscriberImports } from './subscriber-imports.ts';
import {
  cancelCampaign,
  countAudience,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  sendCampaign,
  testCampaign,
  updateCampaign,
} from './campaigns.ts';
import { createToken, listTokens, revokeToken } from './tokens.ts';
import { verifyEmail } from './verify.ts';
import { createDomain, deleteDomain, getDomain, listDomains, updateDomain, verifyDomain } from './domains.ts';
import { createWebhook, deleteWebhook, getWebhook, getWebhookSecret, listWebhookDeliveries, listWebhooks, testWebhook, updateWebhook } from './webhooks.ts';
import { createWorkflow, deleteWorkflow, getWorkflow, listWorkflowRuns, listWorkflows, updateWorkflow } from './workflows.ts';
import { addSuppressions, getSuppression, listSuppressions, removeSuppression } from './suppressions.ts';
import { getUser, inviteUser, listUsers, removeUser, updateUser } from './users.ts';
import { getReceivedEmail, getReceivedEmailAttachment, getReceivedEmailRaw, listReceivedEmails } from './received-emails.ts';

export * from './operation.ts';
export { describeTool, type ToolDescription } from './tools.ts';
export { jsonSchemaOf, toolJsonSchemaOf, type JsonSchema } from './json-schema.ts';
export { BATCH_MODES } from './emails.ts';

export const OPERATIONS: readonly Operation[] = [
  sendEmail,
  sendBatch,
  getEmail,
  listEmails,
  getEmailRaw,
  getEmailStats,
  upsertSubscriber,
  getSubscriber,
  listSubscribers,
  updateSubscriber,
  unsubscribeSubscriber,
  addTags,
  removeTags,
  listSubscriberEvents,
  importSubscribers,
  getSubscriberImport,
  listSubscriberImports,
  exportSubscribers,
  trackEvent,
  listTags,
  createTag,
  getTag,
  createWorkflow,
  listWorkflows,
  getWorkflow,
  updateWorkflow,
  deleteWorkflow,
  listWorkflowRuns,
  createCampaign,
  listCampaigns,
  getCampaign,
  updateCampaign,
  deleteCampaign,
  sendCampaign,
  cancelCampaign,
  testCampaign,
  countAudience,
  listTokens,
  createToken,
  revokeToken,
  createWebhook,
  listWebhooks,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  getWebhookSecret,
  testWebhook,
  verifyEmail,
  createDomain,
  listDomains,
  getDomain,
  verifyDomain,
  updateDomain,
  deleteDomain,
  listSuppressions,
  addSuppressions,
  getSuppression,
  removeSuppression,
  listReceivedEmails,
  getReceivedEmail,
  getReceivedEmailRaw,
  getReceivedEmailAttachment,
  listUsers,
  getUser,
  inviteUser,
  updateUser,
  removeUser,
];

const BY_NAME = new Map(OPERATIONS.map((operation) => [operation.name, operation]));

/** The operation with this name; throws when there is none (a binding naming an unknown operation is a programming error). */
export function operationNamed(name: string): Operation {
  const operation = BY_NAME.get(name);
  if (!operation) throw new Error(`No operation named ${name}`);
  return operation;
}
