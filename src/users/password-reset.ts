// Password reset by email: a one-time link (`/app/reset-password#token=…`, the
// secret kept only as a hash, valid one hour) sent through Mailgate's own send
// pipeline (source `system`, as invitations are). Asking never says whether the
// address has a user; completing sets the password and ends the user's sessions.
// Must not import any protocol library.
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { writeFirst, type DatabaseHandle } from '../db/index.ts';
import type { UsersTable } from '../db/schema.ts';
import { parseSendBody, type EmailService } from '../emails/index.ts';
import { AppError, isAppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { escapeHtml } from '../render/text-to-html.ts';
import { parseBody } from '../validation.ts';
import { hashPassword } from './password.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { createSignInLimits, type SignInLimit } from './sign-in-limits.ts';
import { assertPasswordIsNotEmail, passwordField, toUserRecord, userEmailField, type UserRecord } from './user-record.ts';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Where a reset link points, under BASE_URL; the secret follows in the fragment, which never reaches a server's log. */
export const RESET_PASSWORD_PATH = '/app/reset-password';
/** The stable code of a reset link that cannot be used (unknown, expired, or used already: never said which). */
export const RESET_LINK_INVALID = 'RESET_LINK_INVALID';
/** Reset emails one address gets at most: asking more often sends nothing more (and still answers the same). */
const RESET_EMAILS_LIMIT: SignInLimit = { max: 5, windowMs: 60 * 60 * 1000 };

export const passwordResetRequestSchema = z.strictObject({
  email: userEmailField.describe('The address the user signs in with; the link is sent there if it has a user.'),
});

export const passwordResetCompleteSchema = z.strictObject({
  token: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .describe("The secret after '#token=' in the reset link."),
  password: passwordField.describe('The new password: at least 10 characters, not the email address.'),
});

export interface PasswordResetService {
  /** Mail a reset link to each active user of the address (one per organization); nothing, and no sign of it, for an unknown address. */
  request(input: unknown): Promise<void>;
  /**
   * Set a new password with a link's secret and end the user's sessions. An
   * unknown, expired or used secret is one refusal (not_found,
   * RESET_LINK_INVALID) that does not say which, and changes nothing.
   */
  complete(input: unknown): Promise<UserRecord>;
}

export interface PasswordResetDeps {
  db: DatabaseHandle;
  clock: Clock;
  emails: EmailService;
  baseUrl: string;
  /** Who reset emails come from (SYSTEM_FROM). */
  systemFrom: string;
}

function resetLinkInvalid(): AppError {
  return new AppError(
    'not_found',
    'This reset link cannot be used: it may have expired (links work for 1 hour), have been used already, or be incomplete. Ask for a new one.',
    { code: RESET_LINK_INVALID },
  );
}

export function createPasswordResetService(deps: PasswordResetDeps): PasswordResetService {
  const { clock } = deps;
  const db = deps.db.db;
  const limits = createSignInLimits({ db: deps.db, clock });

  /** A new link for the user (earlier ones stop working), mailed to them. */
  async function sendLink(user: UsersTable): Promise<void> {
    const now = clock.now();
    const secret = newSecret();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('password_resets')
        .values({
          id: newId('pwr', now),
          organization_id: user.organization_id,
          user_id: user.id,
          token_hash: hashSecret(secret),
          created_at: now,
          expires_at: now + PASSWORD_RESET_TTL_MS,
          used_at: null,
        })
        .execute();
    });
    const org = await db.selectFrom('organizations').select('name').where('id', '=', user.organization_id).executeTakeFirstOrThrow();
    const link = `${deps.baseUrl}${RESET_PASSWORD_PATH}#token=${secret}`;
    const request = parseSendBody({
      from: deps.systemFrom,
      to: user.email,
      subject: `Reset your Mailgate password for ${org.name}`,
      html:
        `<p>Someone (we hope you) asked to reset the password of ${escapeHtml(user.email)} in the organization <strong>${escapeHtml(org.name)}</strong> on Mailgate.</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a>. The link works once, for 1 hour; signing in with it ends your other sessions.</p>` +
        '<p>If you did not ask, ignore this email: your password stays as it is.</p>',
    });
    try {
      await deps.emails.send({ organizationId: user.organization_id }, request, { source: 'system' });
    } catch (error) {
      // A link nobody was sent is not kept.
      await db.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      throw error;
    }
  }

  return {
    async request(body) {
      const { email } = parseBody(passwordResetRequestSchema, body);
      const users = await db
        .selectFrom('users')
        .selectAll()
        .where('email_key', '=', email.toLowerCase())
        .where('status', '=', 'active')
        .orderBy('id')
        .limit(20)
        .execute();
      if (users.length === 0) return;
      try {
        await limits.attempt([{ key: `reset:${email.toLowerCase()}`, limit: RESET_EMAILS_LIMIT }]);
      } catch (error) {
        // Someone asking again and again fills nobody's inbox, and hears nothing different.
        if (isAppError(error) && error.kind === 'rate_limit_exceeded') return;
        throw error;
      }
      for (const user of users) await sendLink(user);
    },

    async complete(body) {
      const input = parseBody(passwordResetCompleteSchema, body);
      // Hashed before the transaction: scrypt takes its time off the database's lock.
      const passwordHash = await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        await writeFirst(trx, deps.db.dialect);
        const reset = await trx.selectFrom('password_resets').selectAll().where('token_hash', '=', hashSecret(input.token)).executeTakeFirst();
        const now = clock.now();
        if (!reset || reset.used_at !== null || Number(reset.expires_at) <= now) throw resetLinkInvalid();
        const user = await trx.selectFrom('users').selectAll().where('id', '=', reset.user_id).where('status', '=', 'active').executeTakeFirst();
        if (!user) throw resetLinkInvalid();
        assertPasswordIsNotEmail(input.password, user.email);
        // Used once: the update that marks it is the one that counts, should two completions race.
        const marked = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) throw resetLinkInvalid();
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        // Whoever knew the old password (or kept a session) is signed out.
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        return toUserRecord(user);
      });
    },
  };
}
