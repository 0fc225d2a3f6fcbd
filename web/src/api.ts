// The app's one API client and its query cache. The client is the SDK in session
// mode: no token, the session cookie goes along (same origin), and every write
// carries the session's CSRF token, which the server gives at sign-in and in
// GET /api/v2/auth/session (both land here through setCsrfToken).
import { Mailgate, type MailgateError } from '@mailgate/sdk';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

let csrfToken: string | undefined;

/** The CSRF token of the signed-in session (undefined once signed out). */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

// One retry at most: a person is waiting, and TanStack Query retries reads on its own terms.
export const mailgate = new Mailgate({ session: true, csrfToken: () => csrfToken }, { baseUrl: window.location.origin, maxRetries: 1 });

/** The session as the server describes it (user, organization, role, csrf_token). */
export type Session = NonNullable<Awaited<ReturnType<typeof mailgate.auth.session>>['data']>;

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
  setCsrfToken(undefined);
  queryClient.setQueryData(SESSION_KEY, null);
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
