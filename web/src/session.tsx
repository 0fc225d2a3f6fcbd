// The signed-in session: read from GET /api/v2/auth/session once, kept in the
// query cache under SESSION_KEY (null: nobody signed in), given to the pages
// inside the shell by SessionContext. useCan answers from the session's role.
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, apiOf, mailgate, queryClient, SESSION_KEY, type Session } from './api.ts';
import { type Access, type Resource, roleAllows } from './permissions.ts';

export { SESSION_KEY };

/** How the session is read and kept: one definition for the hook and for the read started with the page. */
export const sessionQuery = {
  queryKey: SESSION_KEY,
  queryFn: async ({ client }: { client: QueryClient }): Promise<Session | null> => {
    const { data, error } = await apiOf(client).auth.session();
    if (error?.statusCode === 401) return null;
    if (error) throw new ApiError(error);
    return data;
  },
  staleTime: 5 * 60_000,
};

/** The session, or null when signed out; a failure other than 401 is an error (the page offers a retry). */
export function useSessionQuery() {
  return useQuery(sessionQuery);
}

/** After sign-in: the session is known without asking again. */
export function startSession(session: Session): void {
  queryClient.setQueryData(SESSION_KEY, session);
}

/** Forget everything the signed-out person could see: no page of theirs stays in the cache. */
export function endSession(): void {
  queryClient.clear();
  queryClient.setQueryData(SESSION_KEY, null);
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside the shell (RequireSession). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside the signed-in shell');
  return session;
}

/** May the signed-in person do this? The same table as the server's, which decides in the end. */
export function useCan(resource: Resource, access: Access = 'write'): boolean {
  return roleAllows(useSession().role as Parameters<typeof roleAllows>[0], resource, access);
}

/** Sign out: ends the session on the server, then forgets it here whatever the answer (an expired session is signed out too). */
export function useSignOut() {
  return useMutation({
    mutationFn: () => mailgate.auth.signOut(),
    onSettled: () => endSession(),
  });
}
