// Who may do what: one table, read by every door. An operation is decided by its
// resource and whether it only reads (src/operations/*: `resource`,
// `annotations.readOnly`); a caller by its role. A person (a session) has a
// role; an API token's permission stands for one (full: admin, read: viewer), and
// an OAuth grant carries the permission of the token it was approved with.
import { AppError } from '../errors.ts';

export const ROLES = ['admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** What an API token may do: everything, or only read (every write refused). */
export type TokenPermission = 'full' | 'read';
export const TOKEN_PERMISSIONS: readonly TokenPermission[] = ['full', 'read'];

/** The role a token's permission stands for. */
export const ROLE_OF_PERMISSION: Readonly<Record<TokenPermission, Role>> = { full: 'admin', read: 'viewer' };

/** What a role may do with a resource: nothing is never the answer today (every role reads everything). */
export type Access = 'read' | 'write';

/**
 * The table. Each resource an operation belongs to, and what each role may do
 * with it: `read` runs its read-only operations, `write` all of them.
 * Members run the platform's mail (sending, audience, campaigns, workflows,
 * suppressions, received mail) and read its settings; admins also change the
 * settings (tokens, domains, webhooks) and the team; viewers only read.
 */
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

/** A resource operations belong to; every one has a row in PERMISSIONS. */
export type Resource = keyof typeof PERMISSIONS;
export const RESOURCES = Object.keys(PERMISSIONS) as Resource[];

/** What the table needs of a caller: a person's role, or the permission of the token it holds. */
export interface Caller {
  /** A person's role (a session). */
  role?: Role | undefined;
  /** The API token's permission (or the one an OAuth grant was made with); used when there is no role. */
  permission?: TokenPermission | undefined;
}

/** The role the table applies to a caller: its own, else its token's; a caller with neither acts with every right (the core's own calls). */
export function roleOf(caller: Caller): Role {
  return caller.role ?? ROLE_OF_PERMISSION[caller.permission ?? 'full'];
}

/** May this caller do this (read, or write) with this resource? Writing includes reading. */
export function allows(caller: Caller, resource: Resource, access: Access): boolean {
  const granted = PERMISSIONS[resource][roleOf(caller)];
  return granted === 'write' || access === 'read';
}

/** Whether the caller may write anything at all (a door's check before a request that writes, whatever it writes). */
export function mayWriteAnything(caller: Caller): boolean {
  const role = roleOf(caller);
  return RESOURCES.some((resource) => PERMISSIONS[resource][role] === 'write');
}

/**
 * The refusal for a caller the table refuses (`what`: what it would do, for the
 * message). A token without a role keeps the words tokens always had
 * (read_only_token); a person is told the role and what it may not do.
 */
export function refusal(caller: Caller, what: string): AppError {
  if (caller.role === undefined) {
    return new AppError('forbidden', `This API token is read-only: it cannot ${what}. Use a token with full permission.`, { code: 'read_only_token' });
  }
  const role = caller.role;
  return new AppError('forbidden', `Your role is ${role}: ${article(role)} ${role} cannot ${what}. Ask an admin of the organization.`, {
    code: 'insufficient_role',
  });
}

const article = (role: Role) => (role === 'admin' ? 'an' : 'a');

/** Refuse (forbidden) what `allows` refuses. */
export function assertAllowed(caller: Caller, resource: Resource, access: Access, what: string): void {
  if (!allows(caller, resource, access)) throw refusal(caller, what);
}
