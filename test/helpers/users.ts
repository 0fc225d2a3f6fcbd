import { expect } from 'vitest';
import type { Role } from '../../src/auth-scope/index.ts';
import type { TestServer } from './server.ts';

/** A password every test user gets unless a test gives another. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** The organization of the server's test token. */
export async function testOrganizationId(server: TestServer): Promise<string> {
  return (await server.core.tokens.authenticate(server.token)).organizationId;
}

/**
 * An active user, made the way an operator's link makes one (as `mailgate user
 * create` does) and accepted over HTTP: the invitation's one-time link, then a
 * password at POST /api/v2/auth/accept-invitation.
 */
export async function createUser(
  server: TestServer,
  user: { email: string; role: Role; password?: string; name?: string; organizationId?: string },
): Promise<{ id: string; email: string; role: Role; password: string }> {
  const organizationId = user.organizationId ?? (await testOrganizationId(server));
  const { link } = await server.core.users.createInvitation(organizationId, { role: user.role });
  const token = new URL(link).hash.replace(/^#token=/, '');
  const password = user.password ?? TEST_PASSWORD;
  const res = await server.api('/api/v2/auth/accept-invitation', {
    body: { token, email: user.email, password, ...(user.name ? { name: user.name } : {}) },
    token: null,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const accepted = (await res.json()) as { id: string };
  return { id: accepted.id, email: user.email, role: user.role, password };
}

/** A browser's view of a session: the cookie to send back, and the CSRF token writes carry. */
export interface SignedIn {
  cookie: string;
  csrf: string;
  session: any;
  /** fetch against the server as this session: the cookie always, the CSRF token on writes unless `csrf: null`. */
  api(path: string, init?: { method?: string; body?: unknown; csrf?: string | null; headers?: Record<string, string> }): Promise<Response>;
}

/** Sign in over HTTP (POST /api/v2/auth/sign-in) and keep the cookie as a browser would. */
export async function signIn(server: TestServer, email: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}): Promise<SignedIn> {
  const res = await server.api('/api/v2/auth/sign-in', { body: { email, password, ...extra }, token: null });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = await res.json();
  const cookie = cookieOf(res);
  return {
    cookie,
    csrf: session.csrf_token,
    session,
    api(path, init = {}) {
      const method = init.method ?? (init.body !== undefined ? 'POST' : 'GET');
      const headers: Record<string, string> = { cookie, ...init.headers };
      const csrf = init.csrf === undefined ? session.csrf_token : init.csrf;
      if (method !== 'GET' && csrf !== null) headers['x-csrf-token'] = csrf;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(server.url + path, { method, headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
    },
  };
}

/** `name=value` of the session cookie a response set. */
export function cookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('mailgate_session='));
  if (!set) throw new Error(`no session cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  return set.split(';')[0]!;
}
