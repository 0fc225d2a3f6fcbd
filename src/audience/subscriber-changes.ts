// The rules of changing a subscriber, as a pure function: the service's writes
// (index.ts) and an import's (imports.repository.ts) apply them alike.
import type { SubscribersTable } from '../db/schema.ts';
import { mailboxKey } from '../emails/address.ts';
import { validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { JSON_FIELD_MAX_BYTES, type SubscriberChanges } from './audience-input.ts';
import { searchTextOf, type NewSubscriberEvent } from './audience.repository.ts';

export interface ApplyOptions {
  /**
   * false: a status change to subscribed of someone unsubscribed, bounced or
   * complained is left out (an import never subscribes them again). Default true.
   */
  resubscribe?: boolean;
}

/**
 * `before` with `changes` applied (tags aside) at `now`: names set, attributes
 * merged (a null value removes the key), status set with its unsubscribed_at,
 * search text recomputed; and the status event it means. Throws validation_error
 * (path attributes) if the merged attributes would be too large.
 */
export function applySubscriberChanges(
  before: SubscribersTable,
  changes: SubscriberChanges,
  now: number,
  options: ApplyOptions = {},
): { row: SubscribersTable; events: NewSubscriberEvent[] } {
  const next: SubscribersTable = { ...before, updated_at: now };
  const events: NewSubscriberEvent[] = [];
  if (changes.email !== undefined) {
    next.email = changes.email;
    next.email_key = mailboxKey(changes.email);
  }
  if (changes.firstName !== undefined) next.first_name = changes.firstName;
  if (changes.lastName !== undefined) next.last_name = changes.lastName;
  if (changes.attributes !== undefined) {
    const merged: Record<string, unknown> = JSON.parse(before.attributes) as Record<string, unknown>;
    for (const [key, value] of Object.entries(changes.attributes)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    next.attributes = JSON.stringify(merged);
    if (Buffer.byteLength(next.attributes) > JSON_FIELD_MAX_BYTES) {
      throw validationError([{ path: 'attributes', message: `would exceed ${JSON_FIELD_MAX_BYTES} bytes as JSON once merged with the stored ones` }]);
    }
  }
  const resubscribes = changes.status === 'subscribed' && before.status !== 'subscribed';
  if (changes.status !== undefined && changes.status !== before.status && (options.resubscribe !== false || !resubscribes)) {
    next.status = changes.status;
    next.unsubscribed_at = changes.status === 'unsubscribed' ? now : changes.status === 'subscribed' ? null : before.unsubscribed_at;
    events.push({
      organizationId: before.organization_id,
      subscriberId: before.id,
      name: changes.status,
      properties: { previous_status: before.status },
      at: now,
    });
  }
  next.search_text = searchTextOf(next);
  return { row: next, events };
}

/** A subscriber as first written: subscribed, no names or attributes, its search text left for the changes applied to it. */
export function newSubscriberRow(organizationId: string, email: string, emailKey: string, now: number): SubscribersTable {
  return {
    id: newId('sub', now),
    organization_id: organizationId,
    email,
    email_key: emailKey,
    first_name: null,
    last_name: null,
    status: 'subscribed',
    attributes: '{}',
    search_text: '',
    created_at: now,
    updated_at: now,
    unsubscribed_at: null,
  };
}
