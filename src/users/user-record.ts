import { z } from 'zod';
import { ROLES, type Role } from '../auth-scope/index.ts';
import type { UsersTable } from '../db/schema.ts';
import { isValidAddress } from '../emails/address.ts';
import { validationError } from '../errors.ts';

/** The v2 shapes of users and what is given to invite, change and accept. */
export const USER_STATUSES = ['invited', 'active'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_NAME_MAX = 200;
export const PASSWORD_MIN = 10;
/** scrypt reads all of it: bounded so that one request cannot make it read megabytes. */
export const PASSWORD_MAX = 1000;

/** The stable code of a change that would leave the organization without an active admin. */
export const LAST_ADMIN = 'LAST_ADMIN';
/** The stable code of an invitation to an address that already has a user. */
export const USER_EXISTS = 'USER_EXISTS';

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const userEmailField = z
  .string({ error: 'must be a string' })
  .trim()
  .refine((v) => isValidAddress(v), { error: 'must be a valid email address (addr@example.com)' })
  .meta({ format: 'email' });

export const userNameField = z.string({ error: 'must be a string' }).trim().max(USER_NAME_MAX, `must be at most ${USER_NAME_MAX} characters`);

export const roleField = z
  .enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` })
  .describe(
    'admin: everything, including the team, API tokens, domains and webhooks; member: sending, audience, campaigns, workflows, suppressions and received mail, and reads the settings; viewer: reads only.',
  );

export const passwordField = z
  .string({ error: 'must be a string' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const userRecordSchema = z.object({
  object: z.literal('user'),
  id: z.string().describe('The user id (usr_…).'),
  email: z.string().describe('The address the user signs in with; one user per address in an organization.'),
  name: z.string().nullable().describe('The name shown to the team; null when none was given.'),
  role: roleField,
  status: z.enum(USER_STATUSES).describe('invited: the invitation is not accepted yet (no password); active: the user has set a password.'),
  created_at: timestamp,
  last_sign_in_at: timestamp.nullable().describe('When the user last signed in; null: never.'),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const userDeletedSchema = z.object({ object: z.literal('user'), id: z.string(), deleted: z.literal(true) });
export type UserDeleted = z.infer<typeof userDeletedSchema>;

export const userInviteSchema = z.strictObject({
  email: userEmailField.describe('The address to invite; the invitation is sent there.'),
  name: userNameField.optional().describe('The name shown to the team (the user may give one on accepting).'),
  role: roleField,
  resend: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe(
      'true: when the address already has a user who has not accepted yet, send a new invitation (the earlier links stop working) with the role and name given. Without it, an address that has a user is conflict.',
    ),
});
export type UserInvite = z.output<typeof userInviteSchema>;

export const userUpdateSchema = z.strictObject({
  id: z.string({ error: 'must be a string' }).describe('The user id (usr_…).'),
  role: roleField.optional(),
  name: userNameField.nullable().optional().describe('A new name; null removes it.'),
});
export type UserUpdate = z.output<typeof userUpdateSchema>;

export const acceptInvitationSchema = z.strictObject({
  token: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .describe("The secret after '#token=' in the invitation's link."),
  password: passwordField.describe(`The password to sign in with: at least ${PASSWORD_MIN} characters, not the email address.`),
  name: userNameField.optional().describe('The name shown to the team; by default the one the invitation gave.'),
  email: userEmailField
    .optional()
    .describe(
      "The address to sign in with: required for the first admin's link (printed at first start or by `mailgate user create` without an address), which names none; otherwise, if given, the invited address.",
    ),
});
export type AcceptInvitation = z.output<typeof acceptInvitationSchema>;

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toUserRecord(row: UsersTable): UserRecord {
  return {
    object: 'user',
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    status: row.status as UserStatus,
    created_at: iso(row.created_at)!,
    last_sign_in_at: iso(row.last_sign_in_at),
  };
}

/** A password that is the address it signs in with is the first one guessed: refused (validation_error on `field`). */
export function assertPasswordIsNotEmail(password: string, email: string, field = 'password'): void {
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    throw validationError([{ path: field, message: 'must not be the email address' }]);
  }
}
