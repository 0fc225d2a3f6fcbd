// What wraps the router on both sides, so that the browser takes over exactly the
// tree the server rendered: the query cache and the locale React Aria writes in.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { I18nProvider } from 'react-aria-components';

export function App({ client, locale, children }: { client: QueryClient; locale: string | undefined; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider locale={locale}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}

/** Where the app lives: every route's address is under it. */
export const BASENAME = '/app';

/** The id of the <script type="application/json"> in which a page rendered on the server hands its state to the browser. */
export const SERVER_STATE_ID = 'mailgate-state';

/** What a page rendered on the server hands over: the settings it wrote in, its queries' answers, its routes' loader data. */
export interface ServerState {
  intl: { locale: string; timeZone: string };
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
}
