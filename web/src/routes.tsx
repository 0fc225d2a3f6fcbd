// The app's one route table (under /app, the router's basename). Every screen is
// a lazy-loaded page: its own file under pages/ exporting a default component,
// fetched when first visited, so the first page loads only itself and the shell.
// The busiest pages start their first request in their loader, and may be
// rendered on the server with it (entry-server.tsx; `handle.serverRender`).
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Loading } from './layout/Loading.tsx';
import { RequireSession } from './layout/RequireSession.tsx';
import { RouteError } from './layout/RouteError.tsx';
import { audienceFiltersFrom, campaignQuery, emailListQuery, emailStatsQuery, filtersFrom, statsFilterFrom, subscriberListQuery } from './pages/queries.ts';

/**
 * A loader that starts a page's first request. In the browser it returns at once:
 * the request runs beside the page's script, and the page finds it in the cache
 * (or in flight) when it mounts. On the server the render waits for it, so that
 * the page is written with its data. A failure is the page's to show.
 */
const prefetch =
  (start: (request: Request, params: Record<string, string | undefined>) => Promise<unknown>) =>
  ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => {
    const started = start(request, params).catch(() => undefined);
    return import.meta.env.SSR ? started.then(() => null) : null;
  };

const searchOf = (request: Request) => new URL(request.url).searchParams;

/** A route's `handle`. */
export interface RouteHandle {
  /** The page's module, as the build's manifest names it ('src/pages/audience.tsx'): the server has the browser load it early. */
  module?: string;
  /** May the page at this address be rendered on the server (its loader fetches all its first view shows)? */
  serverRender?: (url: URL) => boolean;
}

const ALWAYS = () => true;

/** The page modules by path ('./pages/audience.tsx'), each a chunk of its own, loaded when first visited. */
const PAGES = import.meta.glob<{ default: ComponentType }>('./pages/*.tsx');

/** A route's page: pages/<name>.tsx's default export as its component, loaded when first visited; `handle` beside its module's name. */
function page(name: string, handle: Omit<RouteHandle, 'module'> = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = PAGES[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page ./pages/${name}.tsx`);
  return { lazy: async () => ({ Component: (await load()).default }), handle: { ...handle, module: `src/pages/${name}.tsx` } satisfies RouteHandle };
}

/** The routes, their loaders filling `client` (the browser's cache, or one server render's). */
export function createRoutes(client: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: Outlet,
      HydrateFallback: Loading,
      ErrorBoundary: RouteError,
      children: [
        { path: 'sign-in', ...page('sign-in') },
        { path: 'accept-invitation', ...page('accept-invitation') },
        { path: 'reset-password', ...page('reset-password') },
        {
          Component: RequireSession,
          children: [
            {
              index: true,
              loader: prefetch((request) => client.prefetchQuery(emailStatsQuery(statsFilterFrom(searchOf(request))))),
              ...page('overview', { serverRender: ALWAYS }),
            },
            {
              path: 'emails',
              loader: prefetch((request) => client.prefetchQuery(emailListQuery(filtersFrom(searchOf(request)), undefined))),
              // The days of `since` and `until` start at the reader's midnight, which the browser computes: not rendered on the server.
              ...page('emails', { serverRender: (url) => !url.searchParams.has('since') && !url.searchParams.has('until') }),
            },
            { path: 'emails/:id', ...page('emails-detail') },
            {
              path: 'audience',
              loader: prefetch((request) => client.prefetchQuery(subscriberListQuery(audienceFiltersFrom(searchOf(request)), undefined))),
              ...page('audience', { serverRender: ALWAYS }),
            },
            { path: 'audience/tags', ...page('audience-tags') },
            { path: 'audience/:id', ...page('audience-detail') },
            { path: 'campaigns', ...page('campaigns') },
            { path: 'campaigns/new', ...page('campaigns-edit') },
            {
              path: 'campaigns/:id',
              loader: prefetch((_request, params) => client.prefetchQuery(campaignQuery(params.id ?? ''))),
              ...page('campaigns-detail', { serverRender: ALWAYS }),
            },
            { path: 'campaigns/:id/edit', ...page('campaigns-edit') },
            { path: 'workflows', ...page('workflows') },
            { path: 'workflows/new', ...page('workflows-edit') },
            { path: 'workflows/:id', ...page('workflows-detail') },
            { path: 'workflows/:id/edit', ...page('workflows-edit') },
            { path: 'inbox', ...page('inbox') },
            { path: 'inbox/:id', ...page('inbox-detail') },
            { path: 'domains', ...page('domains') },
            { path: 'domains/:id', ...page('domains-detail') },
            { path: 'tokens', ...page('tokens') },
            { path: 'webhooks', ...page('webhooks') },
            { path: 'webhooks/:id', ...page('webhooks-detail') },
            { path: 'suppressions', ...page('suppressions') },
            { path: 'team', ...page('team') },
            { path: 'account', ...page('account') },
            { path: '*', ...page('not-found') },
          ],
        },
      ],
    },
  ];
}
