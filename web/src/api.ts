// The app's one API client and its query cache. The client is the SDK in session
// mode: no token, the session cookie goes along (same origin), and every write
// carries the session's CSRF token, which the server gives at sign-in and in
// GET /api/v2/auth/session; it is read from the session in the cache.
import { Mailgate, type MailgateError } from '@mailgate/sdk';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

// One retry at most: a person is waiting, and TanStack Query retries reads on its own terms.
// (A page rendered on the server never calls through this client: see apiOf.)
export const mailgate = new Mailgate(
  { session: true, csrfToken: () => queryClient.getQueryData<Session | null>(SESSION_KEY)?.csrf_token },
  { baseUrl: globalThis.location?.origin, maxRetries: 1 },
);

/** The session as the server describes it (user, organization, role, csrf_token). */
export type Session = NonNullable<Awaited<ReturnType<Mailgate['auth']['session']>>['data']>;

/** An SDK answer's error thrown, for TanStack Query, which learns of failures by exceptions. */
export class ApiError extends Error {
  constructor(readonly error: MailgateError) {
    super(error.message);
    this.name = 'ApiError';
  }
}

/** The data of an SDK answer, or its error thrown as an ApiError: for query and mutation functions. */
export async function unwrap<T>(answer: Promise<{ data: T; error: null } | { data: null; error: MailgateError }>): Promise<T> {
  const result = await answer;
  if (result.error) throw new ApiError(result.error);
  return result.data as T;
}

/** The MailgateError behind whatever a query or mutation failed with. */
export function errorOf(failure: unknown): MailgateError | null {
  if (failure === null || failure === undefined) return null;
  if (failure instanceof ApiError) return failure.error;
  return { name: 'client_error', message: failure instanceof Error ? failure.message : String(failure), statusCode: null };
}

/** Where the session is cached (null: signed out). */
export const SESSION_KEY = ['session'] as const;

/** A call answered 401 inside the app: the session ended (expired, signed out elsewhere). Forgetting it sends the shell to the sign-in page. */
function onFailure(failure: unknown): void {
  if (errorOf(failure)?.statusCode !== 401) return;
  queryClient.setQueryData(SESSION_KEY, null);
}

/** Each query cache's API client: the browser's cache has the browser's; a page rendered on the server, its own. */
const apis = new WeakMap<QueryClient, Mailgate>();

/** The API client a query reads through: its cache's (a query function's `context.client`), so the same query serves a render on the server. */
export function apiOf(client: QueryClient): Mailgate {
  const api = apis.get(client);
  if (!api) throw new Error('apiOf(): this query cache has no API client (bindApi)');
  return api;
}

/** Read through `api` for the queries of `client`. */
export function bindApi(client: QueryClient, api: Mailgate): void {
  apis.set(client, api);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onFailure }),
  mutationCache: new MutationCache({ onError: onFailure }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused read (401, 403, 404, 422) answers the same the second time.
      retry: (count, failure) => count < 2 && (errorOf(failure)?.statusCode ?? 500) >= 500,
      refetchOnWindowFocus: true,
    },
  },
});
bindApi(queryClient, mailgate);
