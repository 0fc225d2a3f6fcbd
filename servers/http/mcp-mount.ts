import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_INPUT_DEPTH,
  MCP_RESOURCE_PATH,
  nestedTooDeep,
  OAUTH_SCOPES,
  OPERATIONS,
  scopesAllow,
  scopesFor,
  type AuthContext,
  type Core,
} from '../../src/index.ts';
import { errorHandler, type ErrorAnswer } from './errors.ts';

/** Who calls, as this door authenticated them, and where what goes wrong while answering is told (see servers/mcp). */
export interface McpCaller {
  auth: AuthContext;
  token: string;
  scopes: string[];
  onError(error: Error, origin: 'tool' | 'protocol'): void;
}

/** The MCP endpoint as the HTTP app mounts it (servers/mcp makes one; servers/main.ts joins them). */
export interface McpMount {
  handle(request: IncomingMessage, response: ServerResponse, body: unknown, caller: McpCaller): Promise<void>;
}

/**
 * Levels a JSON-RPC message adds around a tool's arguments (a batch, the
 * message, its params): the arguments may be as deep as any REST body, and
 * the tool refuses them in its own terms; a message deeper still is refused whole.
 */
const ENVELOPE_LEVELS = 3;
const MAX_MESSAGE_DEPTH = MAX_INPUT_DEPTH + ENVELOPE_LEVELS;

const INTERNAL_ERROR = { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null };

export const MCP_PATH = MCP_RESOURCE_PATH;

/** Every scope an API token holds; an OAuth grant may hold fewer. */

const BY_NAME = new Map(OPERATIONS.map((o) => [o.name, o]));

/** The tools a JSON-RPC body (one message or a batch) calls. */
function calledTools(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const message = m as { method?: unknown; params?: { name?: unknown } } | null;
    return message && message.method === 'tools/call' && typeof message.params?.name === 'string' ? [message.params.name] : [];
  });
}

/** Host names /mcp answers to: BASE_URL's, and this machine's loopback names (DNS-rebinding protection). */
function allowedHostnames(baseUrl: string): string[] {
  return [...new Set([new URL(baseUrl).hostname, 'localhost', '127.0.0.1', '[::1]'])];
}

/** A JSON-RPC error, with no id unless the request's could be read: what a request the server could not read as one gets. */
function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string, id: string | number | null = null) {
  return reply.code(status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id });
}

/** The id of a body that is one JSON-RPC request, for its error answer; null for anything else. */
function requestIdOf(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * RFC 6750 §3 with RFC 9728 §5.1: a request without a valid token is told where
 * the protected resource's metadata is (and from it, the authorization server)
 * and which scopes to ask for; no error code when it sent no credentials.
 */
function challenge(reply: FastifyReply, metadataUrl: string, error: 'invalid_token' | 'insufficient_scope' | null, description: string) {
  const quoted = description.replace(/["\\]/g, '');
  const parts = [`resource_metadata="${metadataUrl}"`, `scope="${OAUTH_SCOPES.join(' ')}"`];
  if (error) parts.unshift(`error="${error}"`, `error_description="${quoted}"`);
  reply.header('WWW-Authenticate', `Bearer ${parts.join(', ')}`);
  return reply
    .code(error === 'insufficient_scope' ? 403 : 401)
    .type('application/json')
    .send({ error: error ?? 'invalid_request', error_description: description });
}

/** Errors before the endpoint, in the protocol's terms: a JSON-RPC error, or a Bearer challenge for a token it does not know. */
function mcpErrorAnswer(metadataUrl: string): ErrorAnswer {
  return (reply, e) => {
    // The per-IP limit, before anything else.
    if (e.name === 'rate_limit_exceeded') return jsonRpcError(reply, 429, -32000, e.message);
    if (e.name === 'invalid_api_key' || e.name === 'invalid_token') return challenge(reply, metadataUrl, 'invalid_token', e.message);
    if (e.name === 'invalid_json') {
      if (e.wrongContentType) return jsonRpcError(reply, 415, -32600, 'Invalid Request: send the body as Content-Type: application/json');
      return jsonRpcError(reply, 400, -32700, 'Parse error: the body is not JSON');
    }
    if (e.name === 'payload_too_large') return jsonRpcError(reply, 413, -32600, 'Invalid Request: the body is larger than this server accepts');
    if (e.status < 500) return jsonRpcError(reply, e.status, -32600, `Invalid Request: ${e.message}`);
    // The database away for a moment: 503, and Retry-After stays.
    if (e.name === 'service_unavailable') return jsonRpcError(reply, 503, -32603, `Internal error: ${e.message}`);
    return jsonRpcError(reply, 500, -32603, 'Internal error');
  };
}

/**
 * POST/GET/DELETE /mcp: Host and Origin checked, the Bearer token (an API token)
 * authenticated, then the request handed to the MCP endpoint. Errors before the
 * endpoint are answered in the protocol's terms: JSON-RPC errors for bodies it
 * cannot read, a Bearer challenge for a missing or unknown token.
 */
export async function mcpRoutes(app: FastifyInstance, core: Core, mount: McpMount): Promise<void> {
  const metadataUrl = `${core.config.baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
  await app.register(async (scope) => {
    const hosts = allowedHostnames(core.config.baseUrl);
    scope.addHook('onRequest', hostHeaderValidation(hosts));
    scope.addHook('onRequest', originValidation(hosts));
    scope.setErrorHandler(errorHandler(mcpErrorAnswer(metadataUrl), 'MCP request failed'));
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      schema: { hide: true },
      handler: async (request, reply) => {
        const header = request.headers.authorization;
        const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
        if (!match) return challenge(reply, metadataUrl, null, 'Sign in (OAuth), or send an API token as "Authorization: Bearer <API_TOKEN>"');
        const token = match[1]!;
        // An API token holds the scopes its permission gives (read-only: read); an access token Mailgate's authorization server issued for /mcp, those granted.
        const { auth, scopes } = token.startsWith('mailgate_')
          ? await (async () => {
              const auth = await core.tokens.authenticate(token);
              return { auth, scopes: scopesFor(auth.permission) };
            })()
          : await core.oauth.authenticateAccessToken(token);
        const denied = calledTools(request.body).some((name) => {
          const operation = BY_NAME.get(name);
          return operation !== undefined && !scopesAllow(scopes, operation.annotations);
        });
        if (denied) {
          return challenge(reply, metadataUrl, 'insufficient_scope', 'This tool changes data or sends email: it needs the write scope');
        }
        // As REST refuses a body nested too deep (422), before anything walks it: the SDK's validation would overflow the stack.
        if (nestedTooDeep(request.body, ENVELOPE_LEVELS)) {
          const message = `Invalid Request: the message is nested more than ${MAX_MESSAGE_DEPTH} levels deep`;
          return jsonRpcError(reply, 400, -32600, message, requestIdOf(request.body));
        }
        reply.hijack();
        await answerFromEndpoint(request, reply, mount, { auth, token, scopes: [...scopes] });
      },
    });
  });
}

/**
 * Hand the request to the endpoint, which answers on the raw response. What
 * went wrong is logged as REST logs its 500s: a tool's unexpected failure, and
 * an exchange answered 5xx with what the SDK reported; a 4xx is the client's.
 */
async function answerFromEndpoint(request: FastifyRequest, reply: FastifyReply, mount: McpMount, caller: Omit<McpCaller, 'onError'>): Promise<void> {
  const reported: Error[] = [];
  const onError = (error: Error, origin: 'tool' | 'protocol') => {
    if (origin === 'tool') request.log.error({ err: error }, 'MCP tool call failed');
    else reported.push(error);
  };
  let threw = false;
  try {
    await mount.handle(request.raw, reply.raw, request.body, { ...caller, onError });
  } catch (error) {
    threw = true;
    reported.unshift(error instanceof Error ? error : new Error(String(error)));
    const response = reply.raw;
    if (response.headersSent) response.destroy();
    else response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(INTERNAL_ERROR));
  }
  const status = reply.raw.statusCode;
  if (threw || status >= 500) request.log.error({ err: reported[0], statusCode: status }, 'MCP request failed');
}
