import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';

/**
 * An OAuth client of Mailgate's authorization server for /mcp, driven by
 * oauth4webapi the way an agent does it: discovery from /mcp's protected-resource
 * metadata, dynamic registration, the consent page where a person pastes an API
 * token, and the PKCE code exchange bound to the /mcp resource.
 */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export interface OAuthFlow {
  as: oauth.AuthorizationServer;
  resource: URL;
}

/** RFC 9728 then RFC 8414, from the server's /mcp. */
export async function discoverOAuth(baseUrl: string): Promise<OAuthFlow> {
  const resource = new URL(`${baseUrl}/mcp`);
  const rs = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
  const issuer = new URL(rs.authorization_servers![0]!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  return { as, resource };
}

export interface OAuthTester {
  flow: OAuthFlow;
  registerClient(): Promise<oauth.Client>;
  authorizeUrl(client: { client_id: string }, challenge: string, state: string, extra?: Record<string, string>): URL;
  /** What a person does on the consent page: read it, paste an API token, press a button. The answer to that POST (a redirect when allowed). */
  consent(authorizeUrl: URL, apiToken: string, decision?: 'allow' | 'deny'): Promise<Response>;
  /** The whole authorization-code flow, approved with this API token; the token response. */
  signIn(client: oauth.Client, apiToken: string, scope?: string): Promise<oauth.TokenEndpointResponse>;
  /** A refresh-token grant request (its response, to process or to expect a refusal of). */
  refresh(client: oauth.Client, refreshToken: string): Promise<Response>;
}

export function oauthTester(baseUrl: string, flow: OAuthFlow, redirectUri: string): OAuthTester {
  function authorizeUrl(client: { client_id: string }, challenge: string, state: string, extra: Record<string, string> = {}): URL {
    const url = new URL(flow.as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'read write',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      resource: flow.resource.href,
      ...extra,
    }).toString();
    return url;
  }

  async function consent(url: URL, apiToken: string, decision: 'allow' | 'deny' = 'allow'): Promise<Response> {
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status, await page.clone().text()).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.set(
        match[1]!,
        match[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      );
    }
    fields.set('api_token', apiToken);
    fields.set('decision', decision);
    return fetch(new URL('/oauth/authorize', baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: fields,
    });
  }

  return {
    flow,
    authorizeUrl,
    consent,
    async registerClient() {
      const response = await oauth.dynamicClientRegistrationRequest(
        flow.as,
        {
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          client_name: 'Test Agent',
        },
        insecure,
      );
      return oauth.processDynamicClientRegistrationResponse(response);
    },
    async signIn(client, apiToken, scope = 'read write') {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const answer = await consent(authorizeUrl(client, await oauth.calculatePKCECodeChallenge(verifier), state, { scope }), apiToken);
      expect(answer.status).toBe(302);
      const params = oauth.validateAuthResponse(flow.as, client, new URL(answer.headers.get('location')!), state);
      const response = await oauth.authorizationCodeGrantRequest(flow.as, client, oauth.None(), params, redirectUri, verifier, {
        additionalParameters: { resource: flow.resource.href },
        ...insecure,
      });
      return oauth.processAuthorizationCodeResponse(flow.as, client, response);
    },
    refresh(client, refreshToken) {
      return oauth.refreshTokenGrantRequest(flow.as, client, oauth.None(), refreshToken, {
        additionalParameters: { resource: flow.resource.href },
        ...insecure,
      });
    },
  };
}
