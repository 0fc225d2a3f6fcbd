// Sessions: a person signed in. Sign-in checks the address and password (and
// the second factor, once one is on) and opens a session kept in the database:
// the client holds a random secret, the table its SHA-256, so a copy of the
// database signs nobody in. The session stands for its user with the user's
// role (the permission table applies), lives 14 days from its last use and 30
// at most, and ends at sign-out or when the user is removed. Failed sign-ins
// are limited per client address and per account (sign-in-limits.ts); the
// second factor's check is users/totp.ts's, given at wiring.
//
// CSRF: a session's writes must carry a token the page can read but another
// site cannot: a hash of the session's secret (csrfTokenOf). The door compares it.
// Must not import any protocol library.
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isRole, quotaOf, type AuthContext, type Plan, type Role } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { UsersTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { parseBody } from '../validation.ts';
import { verifyPassword } from './password.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { ACCOUNT_LIMIT, accountKey, createSignInLimits, IP_LIMIT, ipKey, type SignInLimit } from './sign-in-limits.ts';
import { PASSWORD_MAX, toUserRecord, userEmailField, userRecordSchema } from './user-record.ts';

/** The cookie that carries a session's secret. */
export const SESSION_COOKIE = 'mailgate_session';
/** The request header a session's writes carry their CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
/** A session ends this long after its last use… */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** …and this long after sign-in, however much it is used. */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** Last use is written at most this often per session (a page makes many calls). */
const TOUCH_EVERY_MS = 60_000;

/** Stable codes of the refusals. */
export const SESSION_CODES = {
  csrf: 'CSRF_TOKEN_INVALID',
  organizationRequired: 'ORGANIZATION_REQUIRED',
  sessionRequired: 'SESSION_REQUIRED',
  totpRequired: 'TOTP_REQUIRED',
  totpInvalid: 'TOTP_INVALID',
} as const;

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const signInSchema = z.strictObject({
  email: userEmailField.describe('The address the user signs in with.'),
  password: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  organization_id: z
    .string({ error: 'must be a string' })
    .max(100)
    .optional()
    .describe('The organization to sign in to, when the address has a user in several (the refusal lists them).'),
  totp_code: z
    .string({ error: 'must be a string' })
    .max(64)
    .optional()
    .describe('The six digits of the authenticator app, or one of the recovery codes, when the user has turned the second factor on.'),
});
export type SignIn = z.output<typeof signInSchema>;

export const sessionRecordSchema = z.object({
  object: z.literal('session'),
  id: z.string().describe('The session id (ses_…).'),
  user: userRecordSchema,
  organization: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  role: z.string().describe("The user's role: what the session may do (admin, member, viewer)."),
  totp_enabled: z.boolean().describe('Whether the user has the second factor (TOTP) on: sign-in asks for a code.'),
  csrf_token: z.string().describe('Send it as the X-CSRF-Token header with every request of this session that is not a GET.'),
  created_at: timestamp,
  expires_at: timestamp.describe('When the session ends unless used: 14 days after its last use, at most 30 days after sign-in.'),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** Where a sign-in came from, kept on the session (shown in the user's list of sessions). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** What a door needs of a session it authenticated: the caller, and the token its writes must carry. */
export interface SessionCaller {
  auth: AuthContext & { userId: string; sessionId: string; role: Role };
  csrfToken: string;
}

/**
 * The second factor, once a user has one on (users/totp.ts): whether `code`
 * (six digits, or a recovery code, which it uses up) is right for this user now.
 */
export type SecondFactorCheck = (user: UsersTable, code: string) => Promise<boolean>;

export interface SessionService {
  /**
   * Check address, password (and second factor); open a session. The secret goes in the cookie.
   * Throws rate_limit_exceeded (SIGN_IN_LIMITED) while a limit of failed sign-ins holds.
   */
  signIn(input: unknown, client: ClientInfo): Promise<{ secret: string; session: SessionRecord }>;
  /** The caller a cookie's secret stands for; invalid_credentials when the session is unknown, ended or expired. */
  authenticate(secret: string): Promise<SessionCaller>;
  /** The session a secret stands for, as sign-in answered it. */
  describe(secret: string): Promise<SessionRecord>;
  /** End the session of this secret (nothing when there is none). */
  signOut(secret: string): Promise<void>;
  /** Whether `token` is the CSRF token of the session with this secret (compared in constant time). */
  csrfMatches(secret: string, token: string | undefined): boolean;
}

export interface SessionServiceDeps {
  db: DatabaseHandle;
  clock: Clock;
  /** The second factor's check; without it, a user with TOTP on cannot sign in (fails closed). */
  secondFactor?: SecondFactorCheck;
}

/** The limits a sign-in is counted against: its client address (when known) and the account it names. */
function limitKeysOf(email: string, ip: string | null): { key: string; limit: SignInLimit }[] {
  return [...(ip ? [{ key: ipKey(ip), limit: IP_LIMIT }] : []), { key: accountKey(email), limit: ACCOUNT_LIMIT }];
}

/** Derived from the secret: a page of this origin gets it from the API; another site can neither read the cookie nor make it. */
export const csrfTokenOf = (secret: string) => createHash('sha256').update(`csrf\0${secret}`).digest('base64url');

const iso = (ms: number) => new Date(ms).toISOString();

/** One answer for an unknown address and a wrong password: which one it was is not said. */
export const wrongCredentials = () => new AppError('invalid_credentials', 'Wrong email or password');
const sessionEnded = () => new AppError('invalid_credentials', 'Your session has ended: sign in again', { code: 'SESSION_ENDED' });

/** A valid hash of nothing anyone knows, checked when no user matches: an unknown address takes as long as a wrong password. */
const DECOY_HASH = '$scrypt$ln=15,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { clock } = deps;
  const db = deps.db.db;
  const limits = createSignInLimits(deps);

  const sessionRows = () =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('organizations', 'organizations.id', 'sessions.organization_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'organizations.name as organization_name',
        'organizations.plan',
        'organizations.rate_limit',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof sessionRows>['executeTakeFirstOrThrow']>>;

  function recordOf(row: Row, secret: string): SessionRecord {
    return {
      object: 'session',
      id: row.session_id,
      user: toUserRecord(row),
      organization: { id: row.organization_id, name: row.organization_name, plan: row.plan },
      role: row.role,
      totp_enabled: row.totp_enabled_at !== null,
      csrf_token: csrfTokenOf(secret),
      created_at: iso(Number(row.session_created_at)),
      expires_at: iso(Number(row.expires_at)),
    };
  }

  /** The live session of a secret, its last use moved on (once a minute at most); else invalid_credentials. */
  async function live(secret: string): Promise<Row> {
    if (secret.length < 20 || secret.length > 200) throw sessionEnded();
    const row = await sessionRows().where('sessions.token_hash', '=', hashSecret(secret)).executeTakeFirst();
    const now = clock.now();
    if (!row || Number(row.expires_at) <= now || row.status !== 'active' || !isRole(row.role)) throw sessionEnded();
    if (now - Number(row.last_seen_at) >= TOUCH_EVERY_MS) {
      const expiresAt = Math.min(Number(row.session_created_at) + SESSION_MAX_MS, now + SESSION_IDLE_MS);
      await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', row.session_id).execute();
      return { ...row, last_seen_at: now, expires_at: expiresAt };
    }
    return row;
  }

  /** The active users the address and password name: one per organization where they match. */
  async function matching(input: SignIn): Promise<UsersTable[]> {
    let query = db.selectFrom('users').selectAll().where('email_key', '=', input.email.toLowerCase()).where('status', '=', 'active');
    if (input.organization_id !== undefined) query = query.where('organization_id', '=', input.organization_id);
    const users = await query.orderBy('id').limit(20).execute();
    if (users.length === 0) {
      await verifyPassword(input.password, DECOY_HASH);
      return [];
    }
    const checked = await Promise.all(
      users.map(async (user) => (user.password_hash !== null && (await verifyPassword(input.password, user.password_hash)) ? user : null)),
    );
    return checked.filter((user): user is UsersTable => user !== null);
  }

  async function organizationsOf(users: UsersTable[]): Promise<{ id: string; name: string }[]> {
    return db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        users.map((u) => u.organization_id),
      )
      .orderBy('id')
      .execute();
  }

  /** Refuse a user with the second factor on and no code given; the password was right, so this is no failed attempt. */
  function assertSecondFactorGiven(user: UsersTable, code: string | undefined): void {
    if (user.totp_enabled_at === null) return;
    if (code === undefined || code.trim() === '') {
      throw new AppError('invalid_credentials', 'Enter the code from your authenticator app (or a recovery code)', { code: SESSION_CODES.totpRequired });
    }
  }

  /** Refuse a wrong code (a failed attempt: six digits are guessed as a password is). */
  async function assertSecondFactor(user: UsersTable, code: string | undefined): Promise<void> {
    if (user.totp_enabled_at === null) return;
    if (!deps.secondFactor || !(await deps.secondFactor(user, code!.trim()))) {
      throw new AppError('invalid_credentials', 'That code is not right: enter the current code from your authenticator app, or an unused recovery code', {
        code: SESSION_CODES.totpInvalid,
      });
    }
  }

  return {
    async signIn(input, client) {
      const given = parseBody(signInSchema, input);
      // Counted before the password is checked (429 while a limit holds, even for the right password); taken back once it is right.
      const attempt = await limits.attempt(limitKeysOf(given.email, client.ip));
      const users = await matching(given);
      if (users.length === 0) throw wrongCredentials();
      if (users.length > 1) {
        await attempt.succeeded();
        throw new AppError('conflict', 'This address has a user in several organizations: choose one (organization_id)', {
          code: SESSION_CODES.organizationRequired,
          details: { organizations: await organizationsOf(users) },
        });
      }
      const user = users[0]!;
      try {
        assertSecondFactorGiven(user, given.totp_code);
      } catch (error) {
        await attempt.succeeded();
        throw error;
      }
      await assertSecondFactor(user, given.totp_code);
      await attempt.succeeded();
      const now = clock.now();
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            id: newId('ses', now),
            organization_id: user.organization_id,
            user_id: user.id,
            token_hash: hashSecret(secret),
            created_at: now,
            last_seen_at: now,
            expires_at: now + SESSION_IDLE_MS,
            user_agent: client.userAgent?.slice(0, 300) ?? null,
            ip: client.ip,
          })
          .execute();
        await trx.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', user.id).execute();
      });
      return { secret, session: await this.describe(secret) };
    },

    async authenticate(secret) {
      const row = await live(secret);
      const role = row.role as Role;
      const plan = row.plan as Plan;
      return {
        auth: {
          organizationId: row.organization_id,
          plan,
          tokenId: row.session_id,
          sessionId: row.session_id,
          userId: row.id,
          role,
          // What the role stands for where a door still asks a token's question (read-only or not).
          permission: role === 'viewer' ? 'read' : 'full',
          quota: quotaOf(plan, row.rate_limit === null ? null : Number(row.rate_limit)),
        },
        csrfToken: csrfTokenOf(secret),
      };
    },

    async describe(secret) {
      return recordOf(await live(secret), secret);
    },

    async signOut(secret) {
      await db.deleteFrom('sessions').where('token_hash', '=', hashSecret(secret)).execute();
    },

    csrfMatches(secret, token) {
      if (token === undefined) return false;
      const expected = Buffer.from(csrfTokenOf(secret));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
