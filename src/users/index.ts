// Users: the people of an organization, their roles, and the invitations that
// let them in. Owns the users and user_invitations tables. An invitation is an
// email sent through Mailgate's own send pipeline (source `system`), with a
// one-time link whose secret is kept only as a hash. Signing in (sessions)
// builds on this: the password hash is set here, on acceptance.
// Must not import any protocol library.
import { sql, type Transaction } from 'kysely';
import { isRole, type OrgScope, type Role } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import { fetchIdPage, isUniqueViolation, writeFirst, type DatabaseHandle } from '../db/index.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { parseSendBody, type EmailService } from '../emails/index.ts';
import { AppError, validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { parseBody, parseInput } from '../validation.ts';
import { z } from 'zod';
import { hashPassword } from './password.ts';
import { hashSecret, newSecret } from './secrets.ts';
import {
  acceptInvitationSchema,
  assertPasswordIsNotEmail,
  LAST_ADMIN,
  roleField,
  toUserRecord,
  userEmailField,
  userNameField,
  USER_EXISTS,
  type UserDeleted,
  type UserInvite,
  type UserRecord,
  type UserUpdate,
} from './user-record.ts';

export * from './user-record.ts';
export { hashPassword, verifyPassword } from './password.ts';
export * from './sessions.ts';
export * from './account.ts';
export * from './password-reset.ts';
export { SIGN_IN_LIMITED, IP_LIMIT, ACCOUNT_LIMIT } from './sign-in-limits.ts';
export { checkSecondFactor } from './totp.ts';

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Where an invitation's link points, under BASE_URL; the secret follows in the fragment (#token=…), which never reaches a server's log. */
export const ACCEPT_INVITATION_PATH = '/app/accept-invitation';
/** The stable code of an invitation link that cannot be used (unknown, expired, or used already: never said which). */
export const INVITATION_INVALID = 'INVITATION_INVALID';

export interface CreatedInvitation {
  /** The invited user; null for an invitation that creates its user when accepted (the first admin's). */
  user: UserRecord | null;
  /** The one-time link: `${BASE_URL}/app/accept-invitation#token=…`. */
  link: string;
  expires_at: string;
}

export interface UserService {
  /** A page of the organization's users, newest first. */
  list(scope: OrgScope, page: PageRequest): Promise<Page<UserRecord>>;
  /** One of the organization's users; another organization's is not_found. */
  get(scope: OrgScope, id: string): Promise<UserRecord>;
  /**
   * Invite someone by email: a user (status invited) and an invitation mailed to
   * them. An address with a user is conflict (USER_EXISTS), unless `resend` and
   * that user has not accepted: then a new invitation replaces the earlier ones.
   */
  invite(scope: OrgScope, input: UserInvite): Promise<{ user: UserRecord; created: boolean }>;
  /**
   * Change a user's role or name. Demoting the last active admin is conflict (LAST_ADMIN).
   * Their sessions take the new role with their next request (a session reads its user's row).
   */
  update(scope: OrgScope, input: UserUpdate): Promise<UserRecord>;
  /** Remove a user, their invitations and sessions. Removing the last active admin is conflict (LAST_ADMIN). */
  remove(scope: OrgScope, id: string): Promise<UserDeleted>;
  /**
   * Accept an invitation (no caller: the link's secret is the proof): set the
   * password and activate the user, or create the first admin. An unknown,
   * expired or used secret is one refusal (not_found, INVITATION_INVALID) that
   * does not say which, and changes nothing.
   */
  acceptInvitation(input: unknown): Promise<UserRecord>;
  /**
   * For the operator (first start, `mailgate user create`): an invitation whose
   * link is returned rather than mailed. With an address, for a new invited user
   * of it; without, one that creates its user (with `role`) from the address
   * given on acceptance.
   */
  createInvitation(organizationId: string, options: { email?: string; role: Role; name?: string }): Promise<CreatedInvitation>;
}

export interface UserServiceDeps {
  db: DatabaseHandle;
  clock: Clock;
  emails: EmailService;
  baseUrl: string;
  /** Who invitations come from (SYSTEM_FROM). */
  systemFrom: string;
}

type Db = DatabaseHandle['db'];
type Trx = Transaction<Database>;

/** What an operator gives for an invitation (the CLI's options, first start's role). */
const operatorInvitationSchema = z.strictObject({ email: userEmailField.optional(), name: userNameField.optional(), role: roleField });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const emailKey = (email: string) => email.toLowerCase();
const notFound = (id: string) => new AppError('not_found', `User ${id} not found`);

/**
 * Take the organization's row lock first: role changes of one organization then
 * run one at a time, so that two admins demoting each other cannot both pass the
 * last-admin check. (Also what SQLite needs to write after reading; see writeFirst.)
 */
async function lockOrganization(trx: Trx, organizationId: string): Promise<void> {
  await sql`update organizations set id = id where id = ${organizationId}`.execute(trx);
}

async function activeAdmins(trx: Trx, organizationId: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refuse a change that takes away the organization's last active admin. */
async function assertNotLastAdmin(trx: Trx, user: UsersTable, change: string): Promise<void> {
  if (user.role !== 'admin' || user.status !== 'active') return;
  if ((await activeAdmins(trx, user.organization_id)) > 1) return;
  throw new AppError('conflict', `${user.email} is the organization's last active admin: make another user admin before you ${change}.`, {
    code: LAST_ADMIN,
  });
}

function invitationInvalid(): AppError {
  return new AppError(
    'not_found',
    'This invitation link cannot be used: it may have expired (links work for 7 days), have been used already, or be incomplete. Ask an admin of the organization for a new invitation.',
    { code: INVITATION_INVALID },
  );
}

export function createUserService(deps: UserServiceDeps): UserService {
  const { clock } = deps;
  const db: Db = deps.db.db;

  const linkOf = (secret: string) => `${deps.baseUrl}${ACCEPT_INVITATION_PATH}#token=${secret}`;

  /** A new invitation's secret and row (stored as a hash), replacing the user's earlier ones. */
  async function insertInvitation(trx: Trx, organizationId: string, userId: string | null, role: Role): Promise<{ secret: string; expiresAt: number }> {
    const now = clock.now();
    if (userId !== null) await trx.deleteFrom('user_invitations').where('user_id', '=', userId).execute();
    const secret = newSecret();
    const expiresAt = now + INVITATION_TTL_MS;
    await trx
      .insertInto('user_invitations')
      .values({
        id: newId('inv', now),
        organization_id: organizationId,
        user_id: userId,
        role,
        token_hash: hashSecret(secret),
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { secret, expiresAt };
  }

  async function insertUser(
    trx: Trx,
    organizationId: string,
    fields: { email: string; name: string | null; role: Role; status: 'invited' | 'active'; passwordHash?: string },
  ) {
    const now = clock.now();
    const row: UsersTable = {
      id: newId('usr', now),
      organization_id: organizationId,
      email: fields.email,
      email_key: emailKey(fields.email),
      name: fields.name,
      role: fields.role,
      status: fields.status,
      password_hash: fields.passwordHash ?? null,
      created_at: now,
      last_sign_in_at: null,
      totp_secret: null,
      totp_enabled_at: null,
    };
    try {
      await trx.insertInto('users').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw userExists(fields.email);
      throw error;
    }
    return row;
  }

  const userExists = (email: string) => new AppError('conflict', `${email} already has a user in this organization`, { code: USER_EXISTS, details: { email } });

  const findByEmail = (trx: Trx | Db, organizationId: string, email: string) =>
    trx.selectFrom('users').selectAll().where('organization_id', '=', organizationId).where('email_key', '=', emailKey(email)).executeTakeFirst();

  const findById = (trx: Trx | Db, organizationId: string, id: string) =>
    trx.selectFrom('users').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();

  async function sendInvitation(scope: OrgScope, user: UsersTable, secret: string): Promise<void> {
    const org = await db.selectFrom('organizations').select('name').where('id', '=', scope.organizationId).executeTakeFirstOrThrow();
    const link = linkOf(secret);
    const request = parseSendBody({
      from: deps.systemFrom,
      to: user.email,
      subject: `You are invited to ${org.name} on Mailgate`,
      html:
        `<p>You are invited to join the organization <strong>${escapeHtml(org.name)}</strong> on Mailgate as ${user.role === 'admin' ? 'an' : 'a'} ${user.role}.</p>` +
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a> and choose your password. The link works once, for 7 days.</p>` +
        '<p>If you did not expect this, ignore this email: nothing happens unless you accept.</p>',
    });
    await deps.emails.send(scope, request, { source: 'system' });
  }

  return {
    async list(scope, page) {
      const rows = await fetchIdPage(db.selectFrom('users').selectAll().where('organization_id', '=', scope.organizationId), 'id', page);
      return toPage(rows, page, toUserRecord);
    },

    async get(scope, id) {
      const row = await findById(db, scope.organizationId, id);
      if (!row) throw notFound(id);
      return toUserRecord(row);
    },

    async invite(scope, input) {
      const { user, secret, created } = await db.transaction().execute(async (trx) => {
        await lockOrganization(trx, scope.organizationId);
        const existing = await findByEmail(trx, scope.organizationId, input.email);
        if (existing && (!input.resend || existing.status !== 'invited')) {
          if (existing.status === 'invited') {
            throw new AppError('conflict', `${input.email} is invited already: send resend: true to send a new invitation`, {
              code: USER_EXISTS,
              details: { email: input.email },
            });
          }
          throw userExists(input.email);
        }
        let row: UsersTable;
        if (existing) {
          row = { ...existing, role: input.role, name: input.name ?? existing.name };
          await trx.updateTable('users').set({ role: row.role, name: row.name }).where('id', '=', row.id).execute();
        } else {
          row = await insertUser(trx, scope.organizationId, { email: input.email, name: input.name ?? null, role: input.role, status: 'invited' });
        }
        const { secret } = await insertInvitation(trx, scope.organizationId, row.id, input.role);
        return { user: row, secret, created: !existing };
      });
      try {
        await sendInvitation(scope, user, secret);
      } catch (error) {
        // An invitation nobody was sent is not kept: a new user goes again, a resent one keeps no link that went nowhere.
        if (created) await db.deleteFrom('users').where('id', '=', user.id).execute();
        else await db.deleteFrom('user_invitations').where('user_id', '=', user.id).execute();
        throw error;
      }
      return { user: toUserRecord(user), created };
    },

    async update(scope, input) {
      return db.transaction().execute(async (trx) => {
        await lockOrganization(trx, scope.organizationId);
        const row = await findById(trx, scope.organizationId, input.id);
        if (!row) throw notFound(input.id);
        if (input.role !== undefined && input.role !== 'admin') await assertNotLastAdmin(trx, row, `make them ${input.role}`);
        const next: UsersTable = {
          ...row,
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
        };
        await trx.updateTable('users').set({ role: next.role, name: next.name }).where('id', '=', row.id).execute();
        return toUserRecord(next);
      });
    },

    async remove(scope, id) {
      return db.transaction().execute(async (trx) => {
        await lockOrganization(trx, scope.organizationId);
        const row = await findById(trx, scope.organizationId, id);
        if (!row) throw notFound(id);
        await assertNotLastAdmin(trx, row, 'remove them');
        await trx.deleteFrom('user_invitations').where('user_id', '=', id).execute();
        // Their sessions go with the row (foreign key, on delete cascade): a removed user's cookie is refused at once.
        await trx.deleteFrom('users').where('id', '=', id).execute();
        return { object: 'user' as const, id, deleted: true as const };
      });
    },

    async acceptInvitation(body) {
      const input = parseBody(acceptInvitationSchema, body);
      const hash = hashSecret(input.token);
      // Hashed before the transaction: scrypt takes its time off the database's lock.
      const passwordHash = await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        // Its organization is known only once read: SQLite takes the write lock first all the same (see writeFirst).
        await writeFirst(trx, deps.db.dialect);
        const invitation = await trx.selectFrom('user_invitations').selectAll().where('token_hash', '=', hash).executeTakeFirst();
        const now = clock.now();
        if (!invitation || invitation.used_at !== null || Number(invitation.expires_at) <= now) throw invitationInvalid();
        await lockOrganization(trx, invitation.organization_id);
        // Used once: the update that marks it is the one that counts, should two acceptances race.
        const marked = await trx
          .updateTable('user_invitations')
          .set({ used_at: now })
          .where('id', '=', invitation.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) throw invitationInvalid();

        let row: UsersTable | undefined;
        if (invitation.user_id === null) {
          if (input.email === undefined)
            throw validationError([{ path: 'email', message: 'is required: this invitation names no address, give the one to sign in with' }]);
          assertPasswordIsNotEmail(input.password, input.email);
          if (!isRole(invitation.role)) throw new AppError('internal_error', `invitation ${invitation.id} has an unknown role`);
          row = await insertUser(trx, invitation.organization_id, {
            email: input.email,
            name: input.name ?? null,
            role: invitation.role,
            status: 'active',
            passwordHash,
          });
        } else {
          row = await trx.selectFrom('users').selectAll().where('id', '=', invitation.user_id).executeTakeFirst();
          if (!row) throw invitationInvalid();
          if (input.email !== undefined && emailKey(input.email) !== row.email_key) {
            throw validationError([{ path: 'email', message: 'must be the invited address, or left out' }]);
          }
          assertPasswordIsNotEmail(input.password, row.email);
          row = { ...row, status: 'active', password_hash: passwordHash, name: input.name ?? row.name };
          await trx.updateTable('users').set({ status: row.status, password_hash: passwordHash, name: row.name }).where('id', '=', row.id).execute();
        }
        return toUserRecord(row);
      });
    },

    async createInvitation(organizationId, given) {
      const options = parseInput(operatorInvitationSchema, given);
      const org = await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
      if (!org) throw new AppError('not_found', `Organization ${organizationId} not found`);
      return db.transaction().execute(async (trx) => {
        await lockOrganization(trx, organizationId);
        const user =
          options.email === undefined
            ? null
            : await insertUser(trx, organizationId, { email: options.email, name: options.name ?? null, role: options.role, status: 'invited' });
        const { secret, expiresAt } = await insertInvitation(trx, organizationId, user?.id ?? null, options.role);
        return { user: user ? toUserRecord(user) : null, link: linkOf(secret), expires_at: new Date(expiresAt).toISOString() };
      });
    },
  };
}
