// Inbound integrations (/api/v1/integrations/*, unchanged since v1): form submissions,
// with optional double opt-in, and the actions automation tools call. Both go
// through the same core services as every other door; the doors count them
// against the quota.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AudienceService, SubscriberRecord } from '../audience/index.ts';
import { subscriberCreateSchema } from '../audience/audience-input.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { signingKey } from '../db/signing-keys.ts';
import type { EmailService } from '../emails/index.ts';
import { parseSendBody } from '../emails/send-request.ts';
import { validationError } from '../errors.ts';
import { hasPrefix, newId } from '../ids.ts';
import { parseBody } from '../validation.ts';
import { readFormSubmission, type FormSubmission } from './form-submission.ts';

export { readFormSubmission, type FormSubmission } from './form-submission.ts';

export const CONFIRM_PATH = '/confirm';
export const FORM_SUBMITTED_EVENT = 'form_submitted';
/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3_600_000;
const MAC_LENGTH = 22;

export interface FormResult {
  /** The subscriber written; null while a double opt-in waits for its confirmation. */
  subscriber: SubscriberRecord | null;
  confirmationRequired: boolean;
}

/** What a confirmation link names, for its page. */
export type ConfirmationTarget = { kind: 'pending' | 'confirmed'; email: string } | { kind: 'expired'; email: string };

export interface IntegrationService {
  submitForm(scope: OrgScope, fields: Record<string, unknown>): Promise<FormResult>;
  /** What a link names (nothing changes), or null for a forged or unknown one. */
  readConfirmation(token: string): Promise<ConfirmationTarget | null>;
  /** Confirm: the subscriber is written (once), with its form_submitted event. Null for a forged or unknown link. */
  confirm(token: string): Promise<ConfirmationTarget | null>;
}

export interface IntegrationDeps {
  db: DatabaseHandle;
  clock: Clock;
  audience: AudienceService;
  emails: EmailService;
  baseUrl: string;
  /** FORMS_CONFIRM_FROM. */
  confirmFrom: string | undefined;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createIntegrationService(deps: IntegrationDeps): IntegrationService {
  const { clock, audience, emails, baseUrl } = deps;
  const db = deps.db.db;
  const key = signingKey(db, 'form_confirmations', () => clock.now());
  const macOf = (secret: Buffer, id: string) => createHmac('sha256', secret).update(`confirm\u0000${id}`).digest('base64url').slice(0, MAC_LENGTH);

  /** Write the subscriber and its form_submitted event: the submission's outcome, at once or once confirmed. */
  async function subscribe(scope: OrgScope, submission: Pick<FormSubmission, 'subscriber' | 'form'>, confirmed: boolean): Promise<SubscriberRecord> {
    const write = parseBody(subscriberCreateSchema, submission.subscriber);
    const { subscriber } = await audience.upsertSubscriber(scope, write);
    await audience.recordEvent(scope, {
      email: subscriber.email,
      name: FORM_SUBMITTED_EVENT,
      properties: { ...(submission.form ? { form: submission.form } : {}), double_opt_in: confirmed },
    });
    return audience.getSubscriber(scope, subscriber.id);
  }

  async function rowOf(token: string) {
    const [id, mac, ...rest] = token.split('.');
    if (!id || !mac || rest.length > 0 || !hasPrefix(id, 'cnf') || mac.length !== MAC_LENGTH) return null;
    const expected = Buffer.from(macOf(await key(), id));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return (await db.selectFrom('form_confirmations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  const targetOf = (row: { email: string; confirmed_at: number | null; expires_at: number }): ConfirmationTarget =>
    row.confirmed_at !== null
      ? { kind: 'confirmed', email: row.email }
      : Number(row.expires_at) <= clock.now()
        ? { kind: 'expired', email: row.email }
        : { kind: 'pending', email: row.email };

  return {
    async submitForm(scope, fields) {
      const submission = readFormSubmission(fields);
      if (!submission.doubleOptIn) return { subscriber: await subscribe(scope, submission, false), confirmationRequired: false };

      // Checked now, so a bad address is refused to the form, not found at confirmation.
      parseBody(subscriberCreateSchema, submission.subscriber);
      const from = submission.confirmFrom ?? deps.confirmFrom;
      if (!from)
        throw validationError([
          {
            path: 'confirm_from',
            message: 'double opt-in sends a confirmation email: set FORMS_CONFIRM_FROM on the server, or send confirm_from with the form',
          },
        ]);
      const now = clock.now();
      const id = newId('cnf', now);
      const link = `${baseUrl}${CONFIRM_PATH}/${id}.${macOf(await key(), id)}`;
      const request = parseSendBody({
        from,
        to: submission.subscriber.email,
        subject: 'Please confirm your subscription',
        html:
          `<p>Please confirm that you want to receive emails at <strong>${escapeHtml(submission.subscriber.email)}</strong>.</p>` +
          `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>` +
          '<p>If you did not ask for this, ignore this email: nothing happens without your confirmation.</p>',
      });
      // Nothing is kept for a confirmation that cannot be sent.
      await emails.checkSenders(scope, [request.from]);
      await db
        .insertInto('form_confirmations')
        .values({
          id,
          organization_id: scope.organizationId,
          email: submission.subscriber.email,
          submission: JSON.stringify({ subscriber: submission.subscriber, form: submission.form }),
          created_at: now,
          expires_at: now + CONFIRMATION_TTL_MS,
          confirmed_at: null,
        })
        .execute();
      await emails.send(scope, request, { source: 'form_confirmation' });
      return { subscriber: null, confirmationRequired: true };
    },

    async readConfirmation(token) {
      const row = await rowOf(token);
      return row ? targetOf(row) : null;
    },

    async confirm(token) {
      const row = await rowOf(token);
      if (!row) return null;
      const target = targetOf(row);
      if (target.kind !== 'pending') return target;
      // The subscriber first, then the mark: a failure in between leaves the link working
      // (the write is an upsert), never a confirmation with no subscriber.
      const stored = JSON.parse(row.submission) as Pick<FormSubmission, 'subscriber' | 'form'>;
      await subscribe({ organizationId: row.organization_id }, stored, true);
      await db.updateTable('form_confirmations').set({ confirmed_at: clock.now() }).where('id', '=', row.id).where('confirmed_at', 'is', null).execute();
      return { kind: 'confirmed', email: row.email };
    },
  };
}
