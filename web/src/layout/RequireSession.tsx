import { Navigate, useLocation } from 'react-router';
import { Button } from '../components/Button.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { SessionContext, useSessionQuery } from '../session.tsx';
import { AppShell } from './AppShell.tsx';
import { Loading } from './Loading.tsx';

/** The signed-in part of the app: the shell around the page, or the sign-in page (coming back here after). */
export function RequireSession() {
  const location = useLocation();
  const session = useSessionQuery();
  if (session.isPending) return <Loading />;
  if (session.isError)
    return (
      <main className="auth-page" id="main">
        <ErrorMessage error={session.error} title="Mailgate could not be reached.">
          <Button onPress={() => session.refetch()}>Try again</Button>
        </ErrorMessage>
      </main>
    );
  if (!session.data) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`} replace />;
  }
  return (
    <SessionContext.Provider value={session.data}>
      <AppShell />
    </SessionContext.Provider>
  );
}
