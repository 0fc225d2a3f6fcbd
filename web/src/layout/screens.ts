import type { Resource } from '../permissions.ts';

/** The screens of the signed-in app, in the order of the navigation. */
export const SCREENS: readonly { path: string; label: string; resource?: Resource }[] = [
  { path: '/', label: 'Overview' },
  { path: '/emails', label: 'Emails', resource: 'emails' },
  { path: '/audience', label: 'Audience', resource: 'subscribers' },
  { path: '/campaigns', label: 'Campaigns', resource: 'campaigns' },
  { path: '/workflows', label: 'Workflows', resource: 'workflows' },
  { path: '/inbox', label: 'Inbox', resource: 'received_emails' },
  { path: '/domains', label: 'Domains', resource: 'domains' },
  { path: '/tokens', label: 'API tokens', resource: 'tokens' },
  { path: '/webhooks', label: 'Webhooks', resource: 'webhooks' },
  { path: '/suppressions', label: 'Suppressions', resource: 'suppressions' },
  { path: '/team', label: 'Team', resource: 'users' },
  { path: '/account', label: 'Account' },
];
