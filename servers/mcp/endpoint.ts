// The MCP door (Streamable HTTP at /mcp), built from the operations with the
// SDK's v2 line: a fresh server per request, 2026-07-28 clients served as
// they come and 2025-era clients (initialize) statelessly. Authentication and
// the route itself are the HTTP app's; this module turns one authenticated
// request into tool calls. No rule lives here: the tools are the operations.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import type { AuthContext, Core } from '../../src/index.ts';
import { buildToolServer, type BeforeToolCall } from './tools.ts';

export interface McpEndpoint {
  /** Answer one request at /mcp, as this caller (its body already parsed). */
  handle(request: IncomingMessage, response: ServerResponse, body: unknown, caller: McpCaller): Promise<void>;
  close(): Promise<void>;
}

/** Who is calling, as the HTTP door authenticated them. */
export interface McpCaller {
  auth: AuthContext;
  /** The bearer token presented. */
  token: string;
  scopes: string[];
  /**
   * Told of what went wrong while this request was answered: `tool`, a tool
   * call that failed unexpectedly (its caller got a generic error; log it);
   * `protocol`, what the SDK reports: a refused request (a 4xx) or its own failure (a 5xx).
   */
  onError?: (error: Error, origin: 'tool' | 'protocol') => void;
}

type OnError = NonNullable<McpCaller['onError']>;

const CALLER = 'mailgate';

/** Each tool call counts against the organization's quota, as a REST request and an SMTP message do: one quota per organization. */
function quotaCounter(core: Core): BeforeToolCall {
  return async (auth) => {
    if (!core.limits.enabled) return null;
    const counted = await core.limits.consume(auth);
    return counted?.refusal ?? null;
  };
}

export function createMcpEndpoint(core: Core, options: { version: string; onError?: (error: Error) => void }): McpEndpoint {
  const beforeToolCall = quotaCounter(core);
  // The SDK reports errors to one callback for every request: each request's own is found by its async context.
  const reporters = new AsyncLocalStorage<OnError>();
  const report = (origin: 'tool' | 'protocol') => (error: Error) => {
    reporters.getStore()?.(error, origin);
    options.onError?.(error);
  };
  const handler = createMcpHandler(
    (context) => {
      const caller = context.authInfo?.extra?.[CALLER] as AuthContext | undefined;
      if (!caller) throw new Error('MCP request without an authenticated caller');
      return buildToolServer(core, caller, context.authInfo?.scopes ?? [], beforeToolCall, options.version, report('tool'));
    },
    { legacy: 'stateless', onerror: report('protocol') },
  );
  const node = toNodeHandler(handler, { onerror: report('protocol') });
  return {
    async handle(request, response, body, caller) {
      const authInfo: AuthInfo = { token: caller.token, clientId: caller.auth.tokenId, scopes: caller.scopes, extra: { [CALLER]: caller.auth } };
      await reporters.run(caller.onError ?? (() => undefined), () => node(Object.assign(request, { auth: authInfo }), response, body));
    },
    close: () => handler.close(),
  };
}
