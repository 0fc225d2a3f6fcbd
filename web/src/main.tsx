// The dashboard's entry: the query cache and the router, mounted on #root; or, on
// a page the server rendered (entry-server.tsx), taking over what it wrote.
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api.ts';
import { App, BASENAME, SERVER_STATE_ID, type ServerState } from './app.tsx';
import { INTL_COOKIE, intlCookieValue, runtimeIntlSettings, setIntlSettings } from './intl.ts';
import { createRoutes } from './routes.tsx';
import { sessionQuery } from './session.tsx';
import './styles.css';

const routes = createRoutes(queryClient);
const root = document.getElementById('root')!;
const rendered = document.getElementById(SERVER_STATE_ID)?.textContent;

// Tell the server this browser's locale and time zone, so that the next page it renders is written as this one would be.
// biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the dashboard supports.
document.cookie = `${INTL_COOKIE}=${intlCookieValue(runtimeIntlSettings())}; Path=${BASENAME}; Max-Age=31536000; SameSite=Lax`;

/** Load the lazy parts of the routes the address matches, so that the first render is the page and not its fallback. */
async function loadMatchedRoutes(table: RouteObject[]): Promise<void> {
  const lazy = (matchRoutes(table, window.location, BASENAME) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

if (rendered) {
  const state = JSON.parse(rendered) as ServerState;
  setIntlSettings(state.intl);
  hydrate(queryClient, state.queries);
  await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, { basename: BASENAME, hydrationData: { loaderData: state.loaderData } });
  hydrateRoot(
    root,
    <App client={queryClient} locale={state.intl.locale}>
      <RouterProvider router={router} />
    </App>,
  );
} else {
  // Ask who is signed in now, while the page's own script is still on its way: a
  // signed-in page then mounts with its session known and asks for its data at once.
  void queryClient.prefetchQuery(sessionQuery);
  const router = createBrowserRouter(routes, { basename: BASENAME });
  createRoot(root).render(
    <App client={queryClient} locale={undefined}>
      <RouterProvider router={router} />
    </App>,
  );
}
