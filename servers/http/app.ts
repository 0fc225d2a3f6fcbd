import { createRouteMethods, methodNotAllowed, type RouteMethods } from './allowed-methods.ts';
import { connectionOptions, limitConnections } from './connection-limits.ts';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError, nulCharacter, PROCESS_ROLES, TRACKING_PATHS, validationError, type Core } from '../../src/index.ts';
import { docsRoutes, RATE_LIMITS_DOC_PATH } from './docs.ts';
import { answerError, errorHandler, isV1Path, jsonErrorAnswer, toHttpError, v1ErrorBody, v2ErrorBody, type HttpError } from './errors.ts';
import { authenticateAndCount, perIpLimit } from './rate-limit.ts';
import { isTrackingPath, trackingErrorAnswer, trackingRoutes } from './tracking.ts';
import { audienceRoutesV1 } from './v1/audience.ts';
import { emailRoutesV1 } from './v1/emails.ts';
import { campaignRoutesV1 } from './v1/campaigns.ts';
import { unsubscribeRoutes } from './unsubscribe.ts';
import { verifyRoutesV1 } from './v1/verify.ts';
import { integrationRoutesV1 } from './v1/integrations.ts';
import { confirmRoutes } from './confirm.ts';
import { appPages } from './app-pages.ts';
import { authRoutes } from './auth-routes.ts';
import { accountRoutes } from './account-routes.ts';
import cookie from '@fastify/cookie';
import { openApiRoutes } from './openapi.ts';
import { toolRoutesV1, toolRoutesV2 } from './tools.ts';
import { mcpRoutes, type McpMount } from './mcp-mount.ts';
import { oauthRoutes } from './oauth.ts';
import { jsonSchemaOf } from './json-schema.ts';
import { metricsRoutes } from './metrics.ts';
import { z } from 'zod';

const roles = z.array(z.enum(PROCESS_ROLES)).describe('The roles this process runs (MAILGATE_ROLES).');
const HEALTH = z.object({
  status: z.literal('ok'),
  roles,
  database: z.literal('ok').describe('The database answered a query.'),
});
const UNAVAILABLE = z.object({
  status: z.literal('unavailable'),
  roles,
  database: z.literal('unreachable').describe('The database did not answer a query within 800 ms, or failed it.'),
});
import { operationRoutes } from './operation-routes.ts';
import { V2_BINDINGS } from './v2/bindings.ts';
import { schemaCompilers } from './schema-compilers.ts';

export interface HttpAppOptions {
  /** Pino level, or false for no logger. */
  logLevel?: string | false;
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** The MCP endpoint to serve at /mcp (servers/mcp); none: /mcp is not found. */
  mcp?: McpMount;
  /** Told of every route as it is registered (tests compare them with /openapi.json, and compile its answers' schemas). */
  onRoute?: (route: { method: string | string[]; url: string; schema?: { response?: Record<string, unknown> } | undefined }) => void;
}

type ErrorShape = (e: HttpError) => Record<string, unknown>;

/** No route for this method and path: 405 with Allow when the path has other methods, else 404. */
function notFound(shape: ErrorShape, methods: RouteMethods) {
  return function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0]!;
    const allowed = methods.allowedAt(path);
    if (allowed.length > 0)
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send(shape(methodNotAllowed(request.method, path, allowed)));
    const e: HttpError = { status: 404, name: 'not_found', message: `No route for ${request.method} ${path}` };
    return reply.code(404).send(shape(e));
  };
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node's own refusal of a
 * request without one is an empty 400; this one is in the path's error shape
 * (its scope's error handler answers it), and closes the connection as Node's did.
 */
async function requireHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
  reply.header('Connection', 'close');
  throw Object.assign(new Error('The request has no Host header, which HTTP/1.1 requires'), { statusCode: 400 });
}

/**
 * Path parameters and query values are text like any other input: one holding
 * U+0000 names no record (404) or is an invalid value (422), on either database.
 */
async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  if (nulCharacter(request.params)) throw new AppError('not_found', `No resource at ${request.url.split('?')[0]}`);
  const inQuery = nulCharacter(request.query);
  if (inQuery) throw validationError([inQuery]);
}

/** The Fastify app: health, v2 under /api/v2, frozen v1 under /api/v1 and /v1. Does not listen. */
export async function buildHttpApp(core: Core, options: HttpAppOptions = {}): Promise<FastifyInstance> {
  const level = options.logLevel ?? core.config.logLevel;
  const methods = createRouteMethods();
  const app = Fastify({
    logger: level === false || level === 'silent' ? false : { level, ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: core.config.maxBodyBytes,
    trustProxy: core.config.trustedProxies.length > 0 ? [...core.config.trustedProxies] : false,
    // URLs the router cannot route (bad percent-encoding, an over-long path
    // parameter) still pass the limits and get their scope's error shape.
    frameworkErrors: (error, request, reply) => void answerUnroutable(error, request, reply),
    ...connectionOptions(core.config, methods),
    // Validation is the operations' own (zod); answers' serializers are compiled on first use.
    schemaController: schemaCompilers(),
  });
  limitConnections(app, core.config);
  app.addHook('onRoute', (route) => methods.add(route));
  if (options.onRoute) {
    const tell = options.onRoute;
    app.addHook('onRoute', (route) =>
      tell({ method: route.method, url: route.url, schema: route.schema as { response?: Record<string, unknown> } | undefined }),
    );
  }
  app.decorateRequest('auth', null);
  // The dashboard's session cookie (read by the v2 API and the sign-in routes).
  await app.register(cookie);
  // Bodies are JSON: a text/plain body is refused as not JSON (400 invalid_json), not parsed as a string.
  app.removeContentTypeParser('text/plain');
  // Route schemas describe each route and serialize its answers; input is
  // validated by the operation's own zod schema (schema-compilers.ts).
  app.setErrorHandler(errorHandler(jsonErrorAnswer(v2ErrorBody)));
  app.setNotFoundHandler(notFound(v2ErrorBody, methods));

  app.addHook('onRequest', requireHost);
  app.addHook('onRequest', perIpLimit(core));
  // Before any route: the document is made from the routes as they are added.
  await openApiRoutes(app, core);
  const health = {
    operationId: 'health',
    tags: ['system'],
    summary: 'Is the server up, and does its database answer?',
    security: [],
    response: {
      200: { ...jsonSchemaOf(HEALTH, 'output'), description: 'Up, and the database answers.' },
      503: { ...jsonSchemaOf(UNAVAILABLE, 'output'), description: 'The database does not answer: this process cannot accept or deliver work now.' },
    },
  };
  const rolesHere = PROCESS_ROLES.filter((r) => core.config.roles.includes(r));
  app.get('/health', { schema: health }, async (_request, reply) => {
    if (await core.databaseAnswers()) return { status: 'ok' as const, roles: rolesHere, database: 'ok' as const };
    return reply.code(503).send({ status: 'unavailable' as const, roles: rolesHere, database: 'unreachable' as const });
  });
  await metricsRoutes(app, core);
  await docsRoutes(app);
  await app.register((t) => trackingRoutes(t, core, methods), { prefix: TRACKING_PATHS.prefix });
  await unsubscribeRoutes(app, core);
  await confirmRoutes(app, core);
  // The dashboard (web/, built into web/dist): it talks to /api/v2 like any other client.
  await appPages(app);
  if (options.mcp) {
    await oauthRoutes(app, core);
    await mcpRoutes(app, core, options.mcp);
  }

  const authenticate = authenticateAndCount(core);
  // v2 also takes the dashboard's session cookie in place of a Bearer token; v1 is frozen, tokens only.
  const authenticateV2 = authenticateAndCount(core, { sessions: true });
  const v1Body = v1ErrorBody(`${core.config.baseUrl}${RATE_LIMITS_DOC_PATH}`);

  async function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = request.raw.url ?? '';
    const v1 = isV1Path(path);
    const shape = v1 ? v1Body : v2ErrorBody;
    let answer: HttpError;
    try {
      core.limits.checkIp(request.ip);
      if (v1) await authenticate(request, reply);
      else if (/^\/api\/v2(\/|\?|$)/.test(path)) await authenticateV2(request, reply);
      // No record has an id longer than the router allows: that is a missing record.
      answer =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? { status: 404, name: 'not_found', message: `No resource at ${path.split('?')[0]}` }
          : { status: 400, name: 'bad_request', message: 'The URL is not valid (malformed percent-encoding)' };
    } catch (refusal) {
      answer = toHttpError(refusal);
    }
    await answerError(reply, answer, isTrackingPath(path) ? trackingErrorAnswer : jsonErrorAnswer(shape));
  }

  // Outside the v2 plugin and its authentication: an invitation's secret, a password or the session cookie is the proof.
  await app.register(async (auth) => authRoutes(auth, core), { prefix: '/api/v2/auth' });
  // A person's own account: their session only (its own hook: the v2 plugin's would let a token's role decide).
  await app.register(async (account) => accountRoutes(account, core), { prefix: '/api/v2/account' });
  await app.register(
    async (v2) => {
      v2.setErrorHandler(errorHandler(jsonErrorAnswer(v2ErrorBody)));
      v2.setNotFoundHandler(notFound(v2ErrorBody, methods));
      v2.addHook('onRequest', authenticateV2);
      v2.addHook('preValidation', refuseNulCharacters);
      await operationRoutes(v2, core, V2_BINDINGS);
      await toolRoutesV2(v2, core);
    },
    { prefix: '/api/v2' },
  );

  for (const prefix of ['/api/v1', '/v1']) {
    await app.register(
      async (v1) => {
        v1.setErrorHandler(errorHandler(jsonErrorAnswer(v1Body)));
        v1.setNotFoundHandler(notFound(v1Body, methods));
        v1.addHook('onRequest', authenticate);
        v1.addHook('preValidation', refuseNulCharacters);
        await emailRoutesV1(v1, core);
        await audienceRoutesV1(v1, core);
        await campaignRoutesV1(v1, core);
        await toolRoutesV1(v1, core);
        await verifyRoutesV1(v1, core);
        await integrationRoutesV1(v1, core);
      },
      { prefix },
    );
  }

  return app;
}
