// The server's side of the dashboard: the first view of the busiest pages (the
// routes whose `handle.serverRender` allows it), written with their data, so that
// a person sees the page before its scripts have run; the scripts then take over
// the same tree (main.tsx). Built by scripts/build-web.mjs into web/dist/server;
// servers/http/app-pages.ts calls `render` with a fetch that reaches the API as
// the person asking, so a page shows here exactly what the API lets them see.
import { Mailgate } from '@mailgate/sdk';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { bindApi } from './api.ts';
import { App, BASENAME, type ServerState } from './app.tsx';
import { INTL_COOKIE, parseIntlCookie, setIntlSettings } from './intl.ts';
import { createRoutes, type RouteHandle } from './routes.tsx';
import { sessionQuery } from './session.tsx';

export interface RenderRequest {
  /** The page's address, absolute. */
  url: string;
  /** The request's cookies by name. */
  cookies: Record<string, string | undefined>;
  /** Reaches the API as the person asking (their session cookie goes along). */
  fetch: typeof fetch;
}

/** The routes as addresses match them (their loaders never run here). */
const ROUTES = createRoutes(new QueryClient());

/** The module of the page at this address ('src/pages/audience.tsx'), which the browser will load to show it, or null for none. */
export function pageModule(url: string): string | null {
  const handle = matchRoutes(ROUTES, new URL(url).pathname, BASENAME)?.at(-1)?.route.handle as RouteHandle | undefined;
  return handle?.module ?? null;
}

/** The page's markup for #root and its state (JSON, safe inside a <script> element). */
export interface Rendered {
  root: string;
  state: string;
}

/**
 * The page at `url` rendered, or null when the browser should render it: a route
 * not rendered here, nobody signed in, no locale and time zone told by this browser
 * yet, or an answer other than success (the browser's own view of a failure, with its retry).
 */
export async function render(request: RenderRequest): Promise<Rendered | null> {
  const intl = parseIntlCookie(request.cookies[INTL_COOKIE]);
  if (!intl) return null;
  const url = new URL(request.url);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = createRoutes(client);
  const matches = matchRoutes(routes, url.pathname, BASENAME);
  const handle = matches?.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.serverRender?.(url)) return null;

  bindApi(client, new Mailgate({ session: true }, { baseUrl: url.origin, fetch: request.fetch, maxRetries: 0 }));
  const session = await client.fetchQuery(sessionQuery).catch(() => null);
  if (!session) return null;
  const handler = createStaticHandler(routes, { basename: BASENAME });
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  if (
    client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return null;

  const router = createStaticRouter(handler.dataRoutes, context);
  // The render is synchronous: these settings hold for it alone.
  setIntlSettings(intl);
  let root: string;
  try {
    root = renderToString(
      <App client={client} locale={intl.locale}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
    );
  } finally {
    setIntlSettings();
  }
  const state: ServerState = { intl, queries: dehydrate(client), loaderData: context.loaderData };
  client.clear();
  // `<` escaped: no text in the state can close the <script> element it is written into.
  return { root, state: JSON.stringify(state).replace(/</g, '\\u003c') };
}
