// Generated from /openapi.json by `npm run sdk:types`: do not edit.
import type { operations } from './openapi.js';

/** Each v2 operation's method, path (with its {parameters}), query, header and body inputs. */
export const OPERATION_ROUTES = {
  "accept_invitation": {
    "method": "POST",
    "path": "/api/v2/auth/accept-invitation",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "add_suppressions": {
    "method": "POST",
    "path": "/api/v2/suppressions",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "add_tags": {
    "method": "POST",
    "path": "/api/v2/subscribers/{subscriber}/tags",
    "pathParams": [
      "subscriber"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "cancel_campaign": {
    "method": "POST",
    "path": "/api/v2/campaigns/{id}/cancel",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "change_password": {
    "method": "POST",
    "path": "/api/v2/account/password",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "complete_password_reset": {
    "method": "POST",
    "path": "/api/v2/auth/password-reset/complete",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "count_audience": {
    "method": "POST",
    "path": "/api/v2/audience/count",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "create_campaign": {
    "method": "POST",
    "path": "/api/v2/campaigns",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "create_domain": {
    "method": "POST",
    "path": "/api/v2/domains",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "create_tag": {
    "method": "POST",
    "path": "/api/v2/tags",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "create_token": {
    "method": "POST",
    "path": "/api/v2/tokens",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "create_webhook": {
    "method": "POST",
    "path": "/api/v2/webhooks",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "create_workflow": {
    "method": "POST",
    "path": "/api/v2/workflows",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "delete_campaign": {
    "method": "DELETE",
    "path": "/api/v2/campaigns/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "delete_domain": {
    "method": "DELETE",
    "path": "/api/v2/domains/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "delete_webhook": {
    "method": "DELETE",
    "path": "/api/v2/webhooks/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "delete_workflow": {
    "method": "DELETE",
    "path": "/api/v2/workflows/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "disable_totp": {
    "method": "POST",
    "path": "/api/v2/account/totp/disable",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "enable_totp": {
    "method": "POST",
    "path": "/api/v2/account/totp/enable",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "export_subscribers": {
    "method": "GET",
    "path": "/api/v2/subscribers/export",
    "pathParams": [],
    "query": [
      "status",
      "tag",
      "query"
    ],
    "headers": [],
    "body": "none"
  },
  "get_campaign": {
    "method": "GET",
    "path": "/api/v2/campaigns/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_domain": {
    "method": "GET",
    "path": "/api/v2/domains/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_email": {
    "method": "GET",
    "path": "/api/v2/emails/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_email_raw": {
    "method": "GET",
    "path": "/api/v2/emails/{id}/raw",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_email_stats": {
    "method": "GET",
    "path": "/api/v2/emails/stats",
    "pathParams": [],
    "query": [
      "days",
      "domain",
      "tag"
    ],
    "headers": [],
    "body": "none"
  },
  "get_received_email": {
    "method": "GET",
    "path": "/api/v2/received-emails/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_received_email_attachment": {
    "method": "GET",
    "path": "/api/v2/received-emails/{id}/attachments/{attachment}",
    "pathParams": [
      "id",
      "attachment"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_received_email_raw": {
    "method": "GET",
    "path": "/api/v2/received-emails/{id}/raw",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_session": {
    "method": "GET",
    "path": "/api/v2/auth/session",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_subscriber": {
    "method": "GET",
    "path": "/api/v2/subscribers/{subscriber}",
    "pathParams": [
      "subscriber"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_subscriber_import": {
    "method": "GET",
    "path": "/api/v2/subscribers/imports/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_suppression": {
    "method": "GET",
    "path": "/api/v2/suppressions/{suppression}",
    "pathParams": [
      "suppression"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_tag": {
    "method": "GET",
    "path": "/api/v2/tags/{tag}",
    "pathParams": [
      "tag"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_tool": {
    "method": "GET",
    "path": "/api/v2/tools/{name}",
    "pathParams": [
      "name"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_user": {
    "method": "GET",
    "path": "/api/v2/users/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_webhook": {
    "method": "GET",
    "path": "/api/v2/webhooks/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_webhook_secret": {
    "method": "GET",
    "path": "/api/v2/webhooks/{id}/secret",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "get_workflow": {
    "method": "GET",
    "path": "/api/v2/workflows/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "import_subscribers": {
    "method": "POST",
    "path": "/api/v2/subscribers/imports",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "invite_user": {
    "method": "POST",
    "path": "/api/v2/users",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "list_account_sessions": {
    "method": "GET",
    "path": "/api/v2/account/sessions",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "list_campaigns": {
    "method": "GET",
    "path": "/api/v2/campaigns",
    "pathParams": [],
    "query": [
      "status",
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_domains": {
    "method": "GET",
    "path": "/api/v2/domains",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_emails": {
    "method": "GET",
    "path": "/api/v2/emails",
    "pathParams": [],
    "query": [
      "status",
      "to",
      "domain",
      "since",
      "until",
      "query",
      "tag",
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_received_emails": {
    "method": "GET",
    "path": "/api/v2/received-emails",
    "pathParams": [],
    "query": [
      "to",
      "from",
      "domain",
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_subscriber_events": {
    "method": "GET",
    "path": "/api/v2/subscribers/{subscriber}/events",
    "pathParams": [
      "subscriber"
    ],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_subscriber_imports": {
    "method": "GET",
    "path": "/api/v2/subscribers/imports",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_subscribers": {
    "method": "GET",
    "path": "/api/v2/subscribers",
    "pathParams": [],
    "query": [
      "status",
      "tag",
      "query",
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_suppressions": {
    "method": "GET",
    "path": "/api/v2/suppressions",
    "pathParams": [],
    "query": [
      "reason",
      "email",
      "query",
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_tags": {
    "method": "GET",
    "path": "/api/v2/tags",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_tokens": {
    "method": "GET",
    "path": "/api/v2/tokens",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_tools": {
    "method": "GET",
    "path": "/api/v2/tools",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "list_users": {
    "method": "GET",
    "path": "/api/v2/users",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_webhook_deliveries": {
    "method": "GET",
    "path": "/api/v2/webhooks/{id}/deliveries",
    "pathParams": [
      "id"
    ],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_webhooks": {
    "method": "GET",
    "path": "/api/v2/webhooks",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_workflow_runs": {
    "method": "GET",
    "path": "/api/v2/workflows/{id}/runs",
    "pathParams": [
      "id"
    ],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "list_workflows": {
    "method": "GET",
    "path": "/api/v2/workflows",
    "pathParams": [],
    "query": [
      "limit",
      "after",
      "before"
    ],
    "headers": [],
    "body": "none"
  },
  "remove_suppression": {
    "method": "DELETE",
    "path": "/api/v2/suppressions/{suppression}",
    "pathParams": [
      "suppression"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "remove_tags": {
    "method": "DELETE",
    "path": "/api/v2/subscribers/{subscriber}/tags",
    "pathParams": [
      "subscriber"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "remove_user": {
    "method": "DELETE",
    "path": "/api/v2/users/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "request_password_reset": {
    "method": "POST",
    "path": "/api/v2/auth/password-reset",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "revoke_account_session": {
    "method": "DELETE",
    "path": "/api/v2/account/sessions/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "revoke_token": {
    "method": "DELETE",
    "path": "/api/v2/tokens/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "run_tool": {
    "method": "POST",
    "path": "/api/v2/tools/{name}",
    "pathParams": [
      "name"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "send_batch": {
    "method": "POST",
    "path": "/api/v2/emails/batch",
    "pathParams": [],
    "query": [],
    "headers": [
      "Idempotency-Key",
      "Batch-Validation"
    ],
    "body": "required"
  },
  "send_campaign": {
    "method": "POST",
    "path": "/api/v2/campaigns/{id}/send",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "send_email": {
    "method": "POST",
    "path": "/api/v2/emails",
    "pathParams": [],
    "query": [],
    "headers": [
      "Idempotency-Key"
    ],
    "body": "required"
  },
  "set_up_totp": {
    "method": "POST",
    "path": "/api/v2/account/totp",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "sign_in": {
    "method": "POST",
    "path": "/api/v2/auth/sign-in",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "sign_out": {
    "method": "POST",
    "path": "/api/v2/auth/sign-out",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "sign_out_everywhere": {
    "method": "POST",
    "path": "/api/v2/account/sign-out-everywhere",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "test_campaign": {
    "method": "POST",
    "path": "/api/v2/campaigns/{id}/test",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "test_webhook": {
    "method": "POST",
    "path": "/api/v2/webhooks/{id}/test",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "track_event": {
    "method": "POST",
    "path": "/api/v2/events",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "unsubscribe_subscriber": {
    "method": "POST",
    "path": "/api/v2/subscribers/{subscriber}/unsubscribe",
    "pathParams": [
      "subscriber"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "update_campaign": {
    "method": "PATCH",
    "path": "/api/v2/campaigns/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "update_domain": {
    "method": "PATCH",
    "path": "/api/v2/domains/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "update_subscriber": {
    "method": "PATCH",
    "path": "/api/v2/subscribers/{subscriber}",
    "pathParams": [
      "subscriber"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "update_user": {
    "method": "PATCH",
    "path": "/api/v2/users/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "update_webhook": {
    "method": "PATCH",
    "path": "/api/v2/webhooks/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "update_workflow": {
    "method": "PATCH",
    "path": "/api/v2/workflows/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "upsert_subscriber": {
    "method": "POST",
    "path": "/api/v2/subscribers",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "verify": {
    "method": "POST",
    "path": "/api/v2/verify",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  },
  "verify_domain": {
    "method": "POST",
    "path": "/api/v2/domains/{id}/verify",
    "pathParams": [
      "id"
    ],
    "query": [],
    "headers": [],
    "body": "none"
  },
  "verify_email": {
    "method": "POST",
    "path": "/api/v2/emails/verify",
    "pathParams": [],
    "query": [],
    "headers": [],
    "body": "required"
  }
} as const satisfies Record<keyof operations, {
  method: string;
  path: string;
  pathParams: readonly string[];
  query: readonly string[];
  headers: readonly string[];
  body: 'none' | 'optional' | 'required';
}>;

export type OperationId = keyof typeof OPERATION_ROUTES;
