// A signed-in person's own account: their sessions (list, end one, end all),
// their password, and their second factor (set up, enable with a first code,
// disable with the password). Only a session's caller has an account: an API
// token is refused (forbidden, SESSION_REQUIRED). Every role may do all of it.
// Must not import any protocol library.
import { z } from 'zod';
import type { AuthContext } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { UsersTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseBody } from '../validation.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SESSION_CODES } from './sessions.ts';
import { ACCOUNT_LIMIT, accountKey, createSignInLimits } from './sign-in-limits.ts';
import { newRecoveryCodes, newTotpSecret, totpCodeMatches } from './totp.ts';
import { assertPasswordIsNotEmail, PASSWORD_MAX, passwordField } from './user-record.ts';

/** Stable codes of the account's refusals. */
export const ACCOUNT_CODES = {
  passwordInvalid: 'PASSWORD_INVALID',
  totpEnabled: 'TOTP_ENABLED',
  totpNotSetUp: 'TOTP_NOT_SET_UP',
  totpInvalid: SESSION_CODES.totpInvalid,
} as const;

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const sessionInfoSchema = z.object({
  object: z.literal('session_info'),
  id: z.string().describe('The session id (ses_…).'),
  current: z.boolean().describe('true: the session this request was made with.'),
  created_at: timestamp.describe('When it signed in.'),
  last_seen_at: timestamp.describe('When it was last used (written at most once a minute).'),
  expires_at: timestamp,
  user_agent: z.string().nullable().describe("The browser's User-Agent at sign-in."),
  ip: z.string().nullable().describe('The client address it signed in from.'),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.object({ object: z.literal('list'), data: z.array(sessionInfoSchema), has_more: z.literal(false) });

const currentPasswordField = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const changePasswordSchema = z.strictObject({
  current_password: currentPasswordField.describe('The password the user signs in with now.'),
  new_password: passwordField.describe('The new password: at least 10 characters, not the email address.'),
});

export const totpSetUpSchema = z.object({
  secret: z.string().describe('The secret (base32), for an app that takes it typed in.'),
  otpauth_uri: z.string().describe('otpauth://totp/… : show it as a QR code for the authenticator app.'),
});

export const totpEnableSchema = z.strictObject({
  code: z.string({ error: 'must be a string' }).max(64).describe('The six digits the authenticator app shows now for the secret just set up.'),
});

export const totpEnabledSchema = z.object({
  recovery_codes: z.array(z.string()).describe('Ten one-time codes that sign in in place of the app (each once). Shown only now: keep them somewhere safe.'),
});

export const totpDisableSchema = z.strictObject({ password: currentPasswordField.describe('The password the user signs in with.') });

/** A session's caller: who the account is. */
type AccountCaller = AuthContext & { userId: string; sessionId: string };

export interface AccountService {
  /** The caller's live sessions, the most recently used first. */
  sessions(caller: AuthContext): Promise<z.infer<typeof sessionListSchema>>;
  /** End one of the caller's sessions (this one too); another's or an unknown id is not_found. */
  revokeSession(caller: AuthContext, id: string): Promise<void>;
  /** End all the caller's sessions, this one too. */
  signOutEverywhere(caller: AuthContext): Promise<void>;
  /** Check the current password, set the new one, end the caller's other sessions. */
  changePassword(caller: AuthContext, input: unknown): Promise<void>;
  /** A new TOTP secret, pending until enable confirms it; conflict (TOTP_ENABLED) while one is on. */
  setUpTotp(caller: AuthContext): Promise<z.infer<typeof totpSetUpSchema>>;
  /** Turn the pending secret on with its current code: ten new recovery codes (the old ones stop working). */
  enableTotp(caller: AuthContext, input: unknown): Promise<z.infer<typeof totpEnabledSchema>>;
  /** Turn the second factor off (secret and recovery codes dropped), with the password. */
  disableTotp(caller: AuthContext, input: unknown): Promise<void>;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** Only a signed-in person has an account; an API token has none. */
function assertSession(caller: AuthContext): asserts caller is AccountCaller {
  if (caller.userId === undefined || caller.sessionId === undefined) {
    throw new AppError('forbidden', "This is a signed-in person's own account: it needs their session (the dashboard's cookie), not an API token", {
      code: SESSION_CODES.sessionRequired,
    });
  }
}

export function createAccountService(deps: { db: DatabaseHandle; clock: Clock }): AccountService {
  const { clock } = deps;
  const db = deps.db.db;
  const limits = createSignInLimits(deps);

  async function userOf(caller: AccountCaller): Promise<UsersTable> {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', caller.userId)
      .where('organization_id', '=', caller.organizationId)
      .executeTakeFirst();
    // The session joins its user: a removed user's session never gets this far.
    if (!user) throw new AppError('invalid_credentials', 'Your session has ended: sign in again', { code: 'SESSION_ENDED' });
    return user;
  }

  /**
   * The password, checked as sign-in checks it: a wrong one counts against the
   * account's sign-in limit, so a left-open session cannot be used to guess it.
   */
  async function assertPassword(user: UsersTable, password: string, field: string): Promise<void> {
    const attempt = await limits.attempt([{ key: accountKey(user.email), limit: ACCOUNT_LIMIT }]);
    if (user.password_hash !== null && (await verifyPassword(password, user.password_hash))) {
      await attempt.succeeded();
      return;
    }
    throw new AppError('validation_error', 'The password is not right', {
      code: ACCOUNT_CODES.passwordInvalid,
      details: [{ path: field, message: 'is not your current password' }],
    });
  }

  return {
    async sessions(caller) {
      assertSession(caller);
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', caller.userId)
        .where('expires_at', '>', clock.now())
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return {
        object: 'list',
        data: rows.map((row) => ({
          object: 'session_info',
          id: row.id,
          current: row.id === caller.sessionId,
          created_at: iso(row.created_at),
          last_seen_at: iso(row.last_seen_at),
          expires_at: iso(row.expires_at),
          user_agent: row.user_agent,
          ip: row.ip,
        })),
        has_more: false,
      };
    },

    async revokeSession(caller, id) {
      assertSession(caller);
      const deleted = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', caller.userId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError('not_found', `Session ${id} not found`);
    },

    async signOutEverywhere(caller) {
      assertSession(caller);
      await db.deleteFrom('sessions').where('user_id', '=', caller.userId).execute();
    },

    async changePassword(caller, body) {
      assertSession(caller);
      const input = parseBody(changePasswordSchema, body);
      const user = await userOf(caller);
      await assertPassword(user, input.current_password, 'current_password');
      assertPasswordIsNotEmail(input.new_password, user.email, 'new_password');
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        // Whoever signed in with the old password elsewhere is signed out; this session stays.
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('id', '!=', caller.sessionId).execute();
        await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      });
    },

    async setUpTotp(caller) {
      assertSession(caller);
      const user = await userOf(caller);
      if (user.totp_enabled_at !== null) {
        throw new AppError('conflict', 'The second factor is on already: turn it off first to set up a new one', { code: ACCOUNT_CODES.totpEnabled });
      }
      const { secret, uri } = newTotpSecret(user.email);
      await db.updateTable('users').set({ totp_secret: secret }).where('id', '=', user.id).where('totp_enabled_at', 'is', null).execute();
      return { secret, otpauth_uri: uri };
    },

    async enableTotp(caller, body) {
      assertSession(caller);
      const { code } = parseBody(totpEnableSchema, body);
      const user = await userOf(caller);
      if (user.totp_enabled_at !== null) throw new AppError('conflict', 'The second factor is on already', { code: ACCOUNT_CODES.totpEnabled });
      if (user.totp_secret === null) {
        throw new AppError('conflict', 'Set up the second factor first (POST /api/v2/account/totp), then confirm it with a code', {
          code: ACCOUNT_CODES.totpNotSetUp,
        });
      }
      if (!totpCodeMatches(user.totp_secret, code, clock.now())) {
        throw new AppError('validation_error', 'That code is not right: enter the code your authenticator app shows now', {
          code: ACCOUNT_CODES.totpInvalid,
          details: [{ path: 'code', message: 'is not the current code of the secret set up' }],
        });
      }
      const { codes, hashes } = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ totp_enabled_at: clock.now() }).where('id', '=', user.id).execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
        await trx
          .insertInto('recovery_codes')
          .values(hashes.map((code_hash) => ({ user_id: user.id, code_hash, used_at: null })))
          .execute();
      });
      return { recovery_codes: codes };
    },

    async disableTotp(caller, body) {
      assertSession(caller);
      const { password } = parseBody(totpDisableSchema, body);
      const user = await userOf(caller);
      await assertPassword(user, password, 'password');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ totp_secret: null, totp_enabled_at: null }).where('id', '=', user.id).execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
      });
    },
  };
}
