import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isOAuthError, MCP_RESOURCE_PATH, OAUTH_SCOPES, OAuthError, type AuthorizationRequest, type Core } from '../../src/index.ts';
import { errorHandler, isOAuthCode, type ErrorAnswer } from './errors.ts';

/**
 * The OAuth endpoints for MCP clients (MCP 2026-07-28 authorization; the rules
 * are src/oauth's): protected-resource and authorization-server metadata, dynamic
 * registration, the consent page at /oauth/authorize, the token endpoint and
 * revocation. Errors are OAuth's own JSON (`{error, error_description}`); the
 * authorization endpoint redirects them to the client when it safely can.
 */
export const OAUTH_PATHS = {
  resourceMetadata: `/.well-known/oauth-protected-resource${MCP_RESOURCE_PATH}`,
  resourceMetadataRoot: '/.well-known/oauth-protected-resource',
  serverMetadata: '/.well-known/oauth-authorization-server',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

const CSRF_COOKIE = 'mailgate_oauth_csrf';

/** The largest registration request read: metadata Mailgate does not keep (keys, logos' URIs) still fits. */
const REGISTRATION_BODY_LIMIT = 64 * 1024;

/** Every error in OAuth's own JSON (`{error, error_description}`); one that is not OAuth's is invalid_request, or server_error. */
const oauthErrorAnswer: ErrorAnswer = (reply, e) => {
  if (isOAuthCode(e.name)) {
    return reply.code(e.status).header('Cache-Control', 'no-store').type('application/json').send({ error: e.name, error_description: e.message });
  }
  if (e.name === 'rate_limit_exceeded') return reply.code(429).send({ error: 'rate_limited', error_description: e.message });
  if (e.status === 413) return reply.code(413).send({ error: 'invalid_request', error_description: 'the request body is too large' });
  if (e.status < 500) return reply.code(400).send({ error: 'invalid_request', error_description: e.message });
  // RFC 6749 §4.1.2.1's word for a server that cannot answer for a moment (the database away); Retry-After stays.
  if (e.name === 'service_unavailable') return reply.code(503).send({ error: 'temporarily_unavailable', error_description: e.message });
  return reply.code(500).send({ error: 'server_error', error_description: 'an unexpected error occurred; it has been logged' });
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An origin fit to stand in a CSP source list (a host name can hold characters that would start another directive). */
const PLAIN_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$|^http:\/\/\[::1\](:\d+)?$/;

/** Headers of every page a person sees here: never framed (clickjacking), never cached, no scripts. */
function pageHeaders(reply: FastifyReply, formTargets: string[]): FastifyReply {
  const targets = formTargets.filter((origin) => PLAIN_ORIGIN.test(origin));
  return reply
    .header('X-Frame-Options', 'DENY')
    .header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'self' ${targets.join(' ')}`.trim())
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .25rem}input[type=password]{width:100%;padding:.5rem;font:inherit}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}.error{color:#a00}</style></head><body>${body}</body></html>`;
}

const SCOPE_WORDS: Record<string, string> = {
  read: 'read your emails, subscribers, tags, events and workflows',
  write: 'send email and change subscribers, tags, events and workflows',
};

/** For a client known by its metadata document: the host that vouches for it. */
function clientHost(clientId: string): string {
  try {
    const url = new URL(clientId);
    return url.protocol === 'https:' || url.protocol === 'http:' ? `, described by <code>${escapeHtml(url.host)}</code>` : '';
  } catch {
    return '';
  }
}

/** The consent page: who asks, where the answer goes, what it may do; the person approves with an API token. */
function consentPage(request: AuthorizationRequest, params: Record<string, string>, csrf: string, problem?: string): string {
  const client = request.client;
  const name = client.client_name ?? client.client_id;
  const hidden = Object.entries(params)
    .filter(([k]) => !['api_token', 'csrf', 'decision'].includes(k))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const scopes = request.scopes.map((s) => `<li><code>${s}</code>: ${escapeHtml(SCOPE_WORDS[s] ?? s)}</li>`).join('');
  return page(
    `Allow ${name} to use Mailgate?`,
    `<h1>Allow <strong>${escapeHtml(name)}</strong> to use Mailgate?</h1>` +
      `<p>It asks to act in your organization through Mailgate's tools:</p><ul>${scopes}</ul>` +
      `<p>If you allow it, you are sent back to <code>${escapeHtml(new URL(request.redirectUri).host)}</code>.</p>` +
      // The name is the client's own claim: who it really is shows beside it.
      `<p>It calls itself “${escapeHtml(name)}”; it is <code>${escapeHtml(client.client_id)}</code>${clientHost(client.client_id)}.</p>` +
      `<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">` +
      `<p><label>An API token of your organization (<code>mailgate_…</code>) proves who you are:<br><input type="password" name="api_token" autocomplete="off" required></label></p>` +
      (problem ? `<p class="error">${escapeHtml(problem)}</p>` : '') +
      `<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></form>`,
  );
}

/** Parameters as one string each; a repeated parameter is refused (RFC 6749 §3.1). */
function singleValues(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((source ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `${key} must be given once`);
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

const sameSecret = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function oauthRoutes(app: FastifyInstance, core: Core): Promise<void> {
  const issuer = core.config.baseUrl;
  const resource = `${issuer}${MCP_RESOURCE_PATH}`;
  const secureCookie = issuer.startsWith('https:');

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 64 * 1024 });
    scope.setErrorHandler(errorHandler(oauthErrorAnswer, 'OAuth request failed'));

    const resourceMetadata = {
      resource,
      authorization_servers: [issuer],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Mailgate MCP',
    };
    for (const path of [OAUTH_PATHS.resourceMetadata, OAUTH_PATHS.resourceMetadataRoot]) {
      scope.get(path, { schema: { hide: true } }, async () => resourceMetadata);
    }
    scope.get(OAUTH_PATHS.serverMetadata, { schema: { hide: true } }, async () => ({
      issuer,
      authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
      token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
      registration_endpoint: `${issuer}${OAUTH_PATHS.register}`,
      revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...OAUTH_SCOPES],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    }));

    // What a registration keeps is bounded by the core; the body is bounded here, so that what is not kept costs little too.
    scope.post(OAUTH_PATHS.register, { schema: { hide: true }, bodyLimit: REGISTRATION_BODY_LIMIT }, async (request, reply) => {
      const client = await core.oauth.register(request.body, request.ip);
      return reply.code(201).header('Cache-Control', 'no-store').send(client);
    });

    /** Send the person back to the client with an error, when the redirect URI is trusted. */
    function redirectError(reply: FastifyReply, redirectUri: string, state: string | null, error: OAuthError) {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error.code);
      target.searchParams.set('error_description', error.message);
      if (state !== null) target.searchParams.set('state', state);
      target.searchParams.set('iss', issuer);
      return reply.header('Cache-Control', 'no-store').redirect(target.href, 302);
    }

    /** An authorization request that cannot be answered at the client's redirect URI: a page for the person. */
    function errorPage(reply: FastifyReply, error: OAuthError) {
      return pageHeaders(reply, [])
        .code(400)
        .send(
          page('Cannot authorize', `<h1>This authorization request cannot be answered</h1><p class="error">${escapeHtml(error.message)} (${error.code})</p>`),
        );
    }

    /**
     * A request that cannot be authorized is shown to the person, never sent on
     * to its redirect URI by itself: anyone may register a client and its URI,
     * and an automatic redirect would make this server an open redirector
     * (RFC 9700 §4.11.2). Only the person's own answer (deny) goes back there.
     */
    async function checked(reply: FastifyReply, params: Record<string, string>): Promise<AuthorizationRequest | null> {
      try {
        return await core.oauth.checkAuthorization(params);
      } catch (error) {
        if (!isOAuthError(error)) throw error;
        await errorPage(reply, error);
        return null;
      }
    }

    scope.get(OAUTH_PATHS.authorize, { schema: { hide: true } }, async (request, reply) => {
      let params: Record<string, string>;
      try {
        params = singleValues(request.query);
      } catch (error) {
        return errorPage(reply, error as OAuthError);
      }
      const authorization = await checked(reply, params);
      if (!authorization) return reply;
      const csrf = randomBytes(24).toString('base64url');
      reply.header('Set-Cookie', `${CSRF_COOKIE}=${csrf}; Path=/oauth; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`);
      return pageHeaders(reply, [new URL(authorization.redirectUri).origin]).send(consentPage(authorization, params, csrf));
    });

    scope.post(OAUTH_PATHS.authorize, { schema: { hide: true } }, async (request, reply) => {
      let params: Record<string, string>;
      try {
        params = singleValues(request.body);
      } catch (error) {
        return errorPage(reply, error as OAuthError);
      }
      // Double-submit: the form's value must be the cookie this server set on the page (a cross-site post carries neither).
      if (!sameSecret(params.csrf, cookieValue(request, CSRF_COOKIE))) {
        return errorPage(reply, new OAuthError('invalid_request', 'the form expired or did not come from this server; start again from the application'));
      }
      const authorization = await checked(reply, params);
      if (!authorization) return reply;
      if (params.decision !== 'allow') {
        return redirectError(reply, authorization.redirectUri, authorization.state, new OAuthError('access_denied', 'the person denied the request'));
      }
      let code: string;
      try {
        ({ code } = await core.oauth.approve(authorization, params.api_token ?? ''));
      } catch (error) {
        if (!isOAuthError(error)) throw error;
        // The client's registration expired between the page and the answer: tell the person, not the client.
        if (error.code !== 'access_denied') return errorPage(reply, error);
        return pageHeaders(reply, [new URL(authorization.redirectUri).origin])
          .code(401)
          .send(consentPage(authorization, params, params.csrf!, error.message));
      }
      const target = new URL(authorization.redirectUri);
      target.searchParams.set('code', code);
      if (authorization.state !== null) target.searchParams.set('state', authorization.state);
      target.searchParams.set('iss', issuer);
      return reply.header('Cache-Control', 'no-store').redirect(target.href, 302);
    });

    scope.post(OAUTH_PATHS.token, { schema: { hide: true } }, async (request, reply) => {
      const tokens = await core.oauth.token(singleValues(request.body));
      return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(tokens);
    });

    scope.post(OAUTH_PATHS.revoke, { schema: { hide: true } }, async (request, reply) => {
      const params = singleValues(request.body);
      if (!params.token) throw new OAuthError('invalid_request', 'token is required');
      await core.oauth.revoke(params.token);
      return reply.code(200).header('Cache-Control', 'no-store').send({});
    });
  });
}
