import { ensureTags, searchTextOf } from '../../src/audience/audience.repository.ts';
import { newSubscriberRow } from '../../src/audience/subscriber-changes.ts';
import { mailboxKey } from '../../src/emails/address.ts';
import type { DatabaseHandle } from '../../src/index.ts';

/** Rows per insert statement. */
const BATCH = 200;

export interface NewSubscriber {
  email: string;
  first_name?: string | null;
}

/**
 * Subscribed subscribers of an organization, written straight into its database
 * as the service writes a new one (newSubscriberRow, searchTextOf), a batch of
 * rows per statement, with `tags` attached to each: for tests that need
 * thousands of them (a campaign's audience), where an upsert each over the API
 * would take most of the test's time. No events are recorded, so no workflow
 * starts. Returns their ids, in the order given.
 */
export async function insertSubscribers(handle: DatabaseHandle, organizationId: string, people: NewSubscriber[], tags: string[] = []): Promise<string[]> {
  const now = Date.now();
  const rows = people.map((p) => {
    const row = { ...newSubscriberRow(organizationId, p.email, mailboxKey(p.email), now), first_name: p.first_name ?? null };
    row.search_text = searchTextOf(row);
    return row;
  });
  const tagIds = [...(await ensureTags(handle.db, organizationId, tags, now)).values()];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await handle.db.insertInto('subscribers').values(batch).execute();
    if (tagIds.length > 0) {
      await handle.db
        .insertInto('subscriber_tags')
        .values(batch.flatMap((r) => tagIds.map((tagId) => ({ tag_id: tagId, subscriber_id: r.id, created_at: now }))))
        .execute();
    }
  }
  return rows.map((r) => r.id);
}
