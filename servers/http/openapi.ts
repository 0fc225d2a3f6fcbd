import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { MAILGATE_VERSION, QUOTA_WINDOW_SECONDS, type Core, type ErrorKind } from '../../src/index.ts';
import { STATUS_BY_KIND, v1ErrorSchema, v1RateLimitSchema, v2ErrorSchema } from './errors.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';
import type { RouteDoc } from './operation-routes.ts';
import { DOCS_UI_BRANDING, RATE_LIMITS_DOC_PATH } from './docs.ts';

/**
 * /openapi.json (OpenAPI 3.1) and /docs (Swagger UI, served from its npm
 * package), generated at start from the routes' schemas, which come from the
 * operation definitions (v2) and the v1 shapes. Only the responses every route
 * shares (errors by version, rate-limit headers) are added here, from each
 * route's RouteDoc.
 */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

const header = (description: string, schema: JsonSchema = { type: 'integer' }) => ({ description, ...schema });

/** Headers on every authenticated answer, 429s included (rate-limit.ts writes them). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': header(`The organization's quota: "mailgate-api";q=<requests>;w=${QUOTA_WINDOW_SECONDS}`, { type: 'string' }),
  RateLimit: header('Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset>', { type: 'string' }),
  'RateLimit-Limit': header('Requests per window.'),
  'RateLimit-Remaining': header('Requests left in this window.'),
  'RateLimit-Reset': header('Seconds until the window resets.'),
  'X-RateLimit-Limit': header('Same as RateLimit-Limit (older clients).'),
  'X-RateLimit-Remaining': header('Same as RateLimit-Remaining (older clients).'),
  'X-RateLimit-Reset': header('Same as RateLimit-Reset (older clients).'),
};
const RETRY_AFTER = { 'Retry-After': header('Seconds to wait before trying again.') };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400:
    'invalid_json: the body is not JSON, or not sent as application/json; ' +
    "or bad_request: the URL's percent-encoding does not decode, or the request is not valid HTTP/1.1",
  401: 'missing_api_key or invalid_api_key: no valid Bearer token',
  403: 'forbidden (code read_only_token): a read-only token may not change data or send email',
  408: 'request_timeout: the request took too long to arrive',
  404: 'not_found: no such record in this organization (or no such route)',
  409: 'conflict or idempotency_conflict',
  413: 'payload_too_large: the body is larger than the server accepts',
  422: 'validation_error: the input breaks a rule; details lists every problem as {path, message}',
  431: 'headers_too_large: the request line (the URL with its query) and headers are larger than the server accepts',
  429: 'rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds',
  500: 'internal_error: logged; nothing is shown',
  503: 'service_unavailable: the database is out of reach for a moment (a restart, a failover); send again after Retry-After seconds',
};

/**
 * The statuses a route can answer besides its success: those of every request
 * (one that is not valid HTTP, or too slow or too large to read;
 * authentication, input, limits), of a body, of a path that names a record,
 * of a caller whose token only reads, and the refusals of its own.
 */
function errorStatuses(doc: RouteDoc, writes: boolean): number[] {
  // 503: any route that reads or writes the database, while it is out of reach.
  const statuses = new Set([400, 401, 408, 422, 429, 431, 500, 503]);
  if (doc.hasBody) statuses.add(413);
  if (doc.hasPath) statuses.add(404);
  if (writes) statuses.add(403);
  for (const kind of doc.errors) statuses.add(STATUS_BY_KIND[kind as ErrorKind]);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponse(status: number, version: RouteDoc['version']): JsonSchema {
  const body =
    version === 'v2'
      ? jsonSchemaOf(v2ErrorSchema, 'output')
      : status === 429
        ? { anyOf: [jsonSchemaOf(v1RateLimitSchema, 'output'), jsonSchemaOf(v1ErrorSchema, 'output')] }
        : jsonSchemaOf(v1ErrorSchema, 'output');
  const headers = status === 429 || status === 503 ? { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER } : RATE_LIMIT_HEADERS;
  return { ...body, description: ERROR_DESCRIPTIONS[status] ?? 'Error', headers };
}

const DESCRIPTION = [
  "Mailgate's REST API: v2 (current) and the frozen v1. Every request carries `Authorization: Bearer <API_TOKEN>`; tokens start with `mailgate_`.",
  '',
  `Every authenticated answer carries the organization's quota in RateLimit headers; see [the rate limits](${RATE_LIMITS_DOC_PATH}). A 429 says how long to wait in Retry-After.`,
  '',
  'v2 answers records bare, lists as `{object: "list", data, has_more}` paged with `limit`, `after` and `before`, and errors as `{name, message, statusCode, code?, details?}`. v1 wraps answers in `{success: true, …}` and errors as `{success: false, message}`; every /api/v1 path is also served at /v1.',
  '',
  'Sends may carry an `Idempotency-Key` header: the same key and body within 24 hours is answered from the first time.',
].join('\n');

export async function openApiRoutes(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Mailgate API', version: MAILGATE_VERSION, description: DESCRIPTION },
      servers: [{ url: core.config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An API token (mailgate_…).' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'mailgate_session',
            description:
              'A signed-in session (the dashboard): v2 takes it in place of a Bearer token; requests that are not GET also send the X-CSRF-Token header sign-in gave.',
          },
        },
      },
      security: [{ bearer: [] }],
      tags: [
        { name: 'emails', description: 'Transactional email: send, batch, follow delivery.' },
        { name: 'subscribers', description: 'The audience: subscribers, their tags and events.' },
        { name: 'tags', description: 'Tags that group subscribers.' },
        { name: 'events', description: 'What happened to subscribers; triggers workflows.' },
        { name: 'workflows', description: 'Automations started by subscriber events.' },
        { name: 'users', description: "The organization's people: invitations by email, roles (admin, member, viewer), accepting an invitation." },
        { name: 'auth', description: 'Signing in: a session cookie the v2 API takes in place of a token (the dashboard), sign-out, password reset.' },
        { name: 'account', description: "A signed-in person's own account: their sessions, password and second factor (a session only, not an API token)." },
        { name: 'tools', description: 'Every operation as a tool: listed and run by name (the same tools /mcp serves).' },
        { name: 'v1', description: 'The frozen v1 API, kept working for existing integrations.' },
        { name: 'system', description: 'Health.' },
      ],
    },
    hideUntagged: true,
    transform: ({ schema, url, route }) => {
      const doc = (route.config as { doc?: RouteDoc } | undefined)?.doc;
      // The /v1 alias serves the same routes as /api/v1: documented once.
      if (!schema || url.startsWith('/v1/') || url === '/v1') return { schema: { ...schema, hide: true }, url };
      if (!doc) return { schema, url };
      const response = { ...(schema.response as Record<string, JsonSchema> | undefined) };
      for (const [status, body] of Object.entries(response)) {
        response[status] = { ...body, headers: { ...(body.headers as JsonSchema | undefined), ...RATE_LIMIT_HEADERS } };
      }
      // As auth.ts judges a read-only token: a GET reads, and so does a route that says it only reads (a tool run is judged by its tool).
      const writes = ![route.method].flat().every((m) => m === 'GET' || m === 'HEAD') && route.config?.access !== 'read';
      for (const status of errorStatuses(doc, writes)) response[String(status)] ??= errorResponse(status, doc.version);
      return { schema: { ...schema, response }, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { tryItOutEnabled: true, persistAuthorization: true, displayOperationId: true },
    ...DOCS_UI_BRANDING,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
