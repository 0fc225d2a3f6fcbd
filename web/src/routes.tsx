// The app's one route table (under /app, the router's basename). Every screen is
// a lazy-loaded page: its own file under pages/ exporting a default component,
// fetched when first visited, so the first page loads only itself and the shell.
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Loading } from './layout/Loading.tsx';
import { RequireSession } from './layout/RequireSession.tsx';
import { RouteError } from './layout/RouteError.tsx';
import { queryClient } from './api.ts';
import { audienceFiltersFrom, campaignQuery, emailListQuery, emailStatsQuery, filtersFrom, statsFilterFrom, subscriberListQuery } from './pages/queries.ts';

/**
 * A loader that starts a page's first request and returns at once: the request
 * runs beside the page's script, and the page finds it in the cache (or in
 * flight) when it mounts. Nothing waits on it here; a failure is the page's to show.
 */
const prefetch =
  (start: (params: URLSearchParams) => Promise<unknown>) =>
  ({ request }: { request: Request }) => {
    start(new URL(request.url).searchParams).catch(() => undefined);
    return null;
  };

/** A route's lazy part: the page module's default export as its component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Outlet,
    HydrateFallback: Loading,
    ErrorBoundary: RouteError,
    children: [
      { path: 'sign-in', lazy: page(() => import('./pages/sign-in.tsx')) },
      { path: 'accept-invitation', lazy: page(() => import('./pages/accept-invitation.tsx')) },
      { path: 'reset-password', lazy: page(() => import('./pages/reset-password.tsx')) },
      {
        Component: RequireSession,
        children: [
          {
            index: true,
            loader: prefetch((params) => queryClient.prefetchQuery(emailStatsQuery(statsFilterFrom(params)))),
            lazy: page(() => import('./pages/overview.tsx')),
          },
          {
            path: 'emails',
            loader: prefetch((params) => queryClient.prefetchQuery(emailListQuery(filtersFrom(params), undefined))),
            lazy: page(() => import('./pages/emails.tsx')),
          },
          { path: 'emails/:id', lazy: page(() => import('./pages/emails-detail.tsx')) },
          {
            path: 'audience',
            loader: prefetch((params) => queryClient.prefetchQuery(subscriberListQuery(audienceFiltersFrom(params), undefined))),
            lazy: page(() => import('./pages/audience.tsx')),
          },
          { path: 'audience/tags', lazy: page(() => import('./pages/audience-tags.tsx')) },
          { path: 'audience/:id', lazy: page(() => import('./pages/audience-detail.tsx')) },
          { path: 'campaigns', lazy: page(() => import('./pages/campaigns.tsx')) },
          { path: 'campaigns/new', lazy: page(() => import('./pages/campaigns-edit.tsx')) },
          {
            path: 'campaigns/:id',
            loader: ({ params }) => {
              queryClient.prefetchQuery(campaignQuery(params.id ?? '')).catch(() => undefined);
              return null;
            },
            lazy: page(() => import('./pages/campaigns-detail.tsx')),
          },
          { path: 'campaigns/:id/edit', lazy: page(() => import('./pages/campaigns-edit.tsx')) },
          { path: 'workflows', lazy: page(() => import('./pages/workflows.tsx')) },
          { path: 'workflows/new', lazy: page(() => import('./pages/workflows-edit.tsx')) },
          { path: 'workflows/:id', lazy: page(() => import('./pages/workflows-detail.tsx')) },
          { path: 'workflows/:id/edit', lazy: page(() => import('./pages/workflows-edit.tsx')) },
          { path: 'inbox', lazy: page(() => import('./pages/inbox.tsx')) },
          { path: 'inbox/:id', lazy: page(() => import('./pages/inbox-detail.tsx')) },
          { path: 'domains', lazy: page(() => import('./pages/domains.tsx')) },
          { path: 'domains/:id', lazy: page(() => import('./pages/domains-detail.tsx')) },
          { path: 'tokens', lazy: page(() => import('./pages/tokens.tsx')) },
          { path: 'webhooks', lazy: page(() => import('./pages/webhooks.tsx')) },
          { path: 'webhooks/:id', lazy: page(() => import('./pages/webhooks-detail.tsx')) },
          { path: 'suppressions', lazy: page(() => import('./pages/suppressions.tsx')) },
          { path: 'team', lazy: page(() => import('./pages/team.tsx')) },
          { path: 'account', lazy: page(() => import('./pages/account.tsx')) },
          { path: '*', lazy: page(() => import('./pages/not-found.tsx')) },
        ],
      },
    ],
  },
];
