import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/Button.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { usePageTitle } from '../components/PageHeader.tsx';

/**
 * A page that failed to load or to render. The usual cause is a new version of
 * the app deployed while this one was open (its page files are gone): reloading fixes it.
 */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="auth-page">
      <EmptyState
        title={notFound ? 'Page not found' : 'This page could not be shown'}
        description={
          notFound ? 'There is no page at this address.' : 'Mailgate may have been updated since this tab was opened. Reload to get the new version.'
        }
        action={
          <Button variant="primary" onPress={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </main>
  );
}
