// What each role may do with each resource: a copy of the core's table
// (src/auth-scope/permissions.ts), which the app may not import (it is bundled
// for the browser). test/unit/web-permissions.test.ts fails when the two differ.
// The server decides; this only hides what the server would refuse.

export type Role = 'admin' | 'member' | 'viewer';
export type Access = 'read' | 'write';

export const PERMISSIONS = {
  emails: { admin: 'write', member: 'write', viewer: 'read' },
  subscribers: { admin: 'write', member: 'write', viewer: 'read' },
  tags: { admin: 'write', member: 'write', viewer: 'read' },
  events: { admin: 'write', member: 'write', viewer: 'read' },
  campaigns: { admin: 'write', member: 'write', viewer: 'read' },
  workflows: { admin: 'write', member: 'write', viewer: 'read' },
  suppressions: { admin: 'write', member: 'write', viewer: 'read' },
  received_emails: { admin: 'write', member: 'write', viewer: 'read' },
  tokens: { admin: 'write', member: 'read', viewer: 'read' },
  domains: { admin: 'write', member: 'read', viewer: 'read' },
  webhooks: { admin: 'write', member: 'read', viewer: 'read' },
  users: { admin: 'write', member: 'read', viewer: 'read' },
} as const satisfies Record<string, Record<Role, Access>>;

export type Resource = keyof typeof PERMISSIONS;

/** May a person with this role do this with this resource? Writing includes reading. */
export function roleAllows(role: Role, resource: Resource, access: Access): boolean {
  const granted: Access = PERMISSIONS[resource][role];
  return granted === 'write' || access === 'read';
}
