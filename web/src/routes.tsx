// The app's one route table (under /app, the router's basename). Every screen is
// a lazy-loaded page: its own file under pages/ exporting a default component,
// fetched when first visited, so the first page loads only itself and the shell.
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Loading } from './layout/Loading.tsx';
import { RequireSession } from './layout/RequireSession.tsx';
import { RouteError } from './layout/RouteError.tsx';

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
          { index: true, lazy: page(() => import('./pages/overview.tsx')) },
          { path: 'emails', lazy: page(() => import('./pages/emails.tsx')) },
          { path: 'emails/:id', lazy: page(() => import('./pages/emails-detail.tsx')) },
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
