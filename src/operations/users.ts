import { z } from 'zod';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { userDeletedSchema, userInviteSchema, userRecordSchema, userUpdateSchema } from '../users/index.ts';
import { Created, defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

const EXAMPLE_ID = 'usr_01jd3zq8x6v5t0n2c4b7m9k1pq';
const userId = z.string({ error: 'must be a string' }).describe('The user id (usr_…).');

const ADMINS_ONLY = 'Only an admin (or a token with full permission) may do this; members and viewers are refused with forbidden (code insufficient_role).';
const LAST_ADMIN_NOTE =
  'The organization keeps at least one active admin: demoting or removing the last one is conflict (code LAST_ADMIN); make someone else admin first. Invited admins who have not accepted yet do not count.';

export const listUsers = defineOperation({
  name: 'list_users',
  summary: "List the organization's users, newest first",
  resource: 'users',
  description: [
    "Returns a page of the organization's users (the people of its team, beside its API tokens), newest first: address, name, role (admin, member or viewer), status (invited until they accept the invitation, then active) and when they last signed in.",
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('usr', {}),
  output: listEnvelope(userRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.users.list(scope, pageOf(input)),
});

export const getUser = defineOperation({
  name: 'get_user',
  summary: 'Get one user',
  resource: 'users',
  description: ["Returns one of the organization's users by id; another organization's user is not_found.", QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: userId }),
  output: userRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.users.get(scope, input.id),
});

export const inviteUser = defineOperation({
  name: 'invite_user',
  summary: 'Invite someone to the organization by email',
  resource: 'users',
  description: [
    'Adds a user with status invited and the role given, and emails them an invitation (sent through Mailgate, from SYSTEM_FROM) with a link that works once, for 7 days: opening it, they choose a password and become active.',
    'An address that already has a user in the organization is conflict (code USER_EXISTS). To send a new invitation to someone who has not accepted yet (it expired, or got lost), call again with resend: true: the earlier links stop working, and the role and name given apply.',
    'The invitation shows in the email log like any email, without its body: the link is for its recipient alone.',
    ADMINS_ONLY,
    QUOTA_NOTE,
  ].join(' '),
  input: userInviteSchema,
  output: userRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  errors: ['conflict'],
  example: { email: 'ada@example.com', name: 'Ada Lovelace', role: 'member' },
  run: async ({ services, scope }, input) => {
    const { user, created } = await services.users.invite(scope, input);
    return created ? new Created(user) : user;
  },
});

export const updateUser = defineOperation({
  name: 'update_user',
  summary: "Change a user's role or name",
  resource: 'users',
  description: [
    "Changes the role (admin, member or viewer) or the name of one of the organization's users; the answer is the user as changed.",
    LAST_ADMIN_NOTE,
    ADMINS_ONLY,
    QUOTA_NOTE,
  ].join(' '),
  input: userUpdateSchema,
  output: userRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found', 'conflict'],
  example: { id: EXAMPLE_ID, role: 'viewer' },
  run: ({ services, scope }, input) => services.users.update(scope, input),
});

export const removeUser = defineOperation({
  name: 'remove_user',
  summary: 'Remove a user from the organization',
  resource: 'users',
  description: [
    "Removes one of the organization's users, and their invitation if they have not accepted it (its link stops working). It cannot be undone: to let them back in, invite them again.",
    LAST_ADMIN_NOTE,
    ADMINS_ONLY,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: userId }),
  output: userDeletedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found', 'conflict'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.users.remove(scope, input.id),
});
