// What bench:campaign sends, shared by the Mailgate run and the nodemailer
// baselines (bench/nodemailer-push.ts): the campaign (a ~3 KB markdown newsletter
// personalized with {{first_name | "there"}}) and the subscribers, deterministic
// from their index.
import path from 'node:path';
import Database from 'better-sqlite3';
import { searchTextOf } from '../src/audience/audience.repository.ts';
import type { Kysely } from 'kysely';
import { insertRows } from '../src/db/index.ts';
import type { Database as Schema, SubscriberTagsTable, SubscribersTable, TagsTable } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { withUnsubscribeLink } from '../src/campaigns/campaign-content.ts';
import { compileTemplate, personalize, type CompiledTemplate } from '../src/render/index.ts';
import type { PersonalizedEmail } from '../src/render/personalize.ts';

export const CAMPAIGN_FROM = 'Acme News <news@acme.example>';
export const CAMPAIGN_SUBJECT = 'What shipped in November, {{first_name | "friend"}}';
export const CAMPAIGN_PREVIEW = 'Hi {{first_name | "there"}}, five things we built for you this month';
export const AUDIENCE_TAG = 'newsletter';

const section = (n: number, title: string) =>
  [
    `## ${n}. ${title}`,
    '',
    `We rebuilt **${title.toLowerCase()}** from the ground up after hearing from hundreds of you. ` +
      'It is faster, it is simpler to set up, and it now works the same way from the dashboard, the API and the command line. ' +
      'Existing settings carry over: there is nothing to migrate.',
    '',
    `- Read the [guide to ${title.toLowerCase()}](https://acme.example/docs/${n})`,
    '- Watch the two-minute [walkthrough video](https://acme.example/videos/november)',
    '- Tell us what you think by replying to this email',
    '',
  ].join('\n');

export const CAMPAIGN_MARKDOWN = [
  '# Hello {{first_name | "there"}},',
  '',
  'November was a big month at Acme. Here is a short tour of what is new, what changed, and what is coming next. ' +
    'As always, every feature below is available on every plan, starting today.',
  '',
  section(1, 'Scheduled reports'),
  section(2, 'Team workspaces'),
  section(3, 'Audit log export'),
  section(4, 'Single sign-on'),
  section(5, 'Usage alerts'),
  '## Coming in December',
  '',
  'We are working on shared templates and a new mobile app. If you would like early access, ' +
    '{{first_name | "there"}}, reply with the word *beta* and we will add you to the list.',
  '',
  '> Thank you for building with us. — The Acme team',
  '',
].join('\n');

const FIRST = ['Maria', 'James', 'Sofia', 'Liam', 'Emma', 'Noah', 'Olivia', 'Lucas', 'Ava', 'Mateo', 'Léa', 'Yuki', 'Omar', 'Ingrid'];
const LAST = ['Garcia', 'Smith', 'Müller', 'Rossi', 'Dubois', 'Kowalski', 'Nguyen', 'Kim', 'Silva', 'Tanaka'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'acme-corp.io', 'northwind.example'];
const PLANS = ['free', 'starter', 'pro', 'team'];

export interface BenchSubscriber {
  email: string;
  /** Every seventh has none, so the placeholder's default is used too. */
  first_name: string | null;
  last_name: string;
  attributes: Record<string, string>;
}

export function subscriberAt(i: number): BenchSubscriber {
  const first = i % 7 === 3 ? null : FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  return {
    email: `reader${i}@${DOMAINS[(i * 13) % DOMAINS.length]}`,
    first_name: first,
    last_name: last,
    attributes: { plan: PLANS[i % PLANS.length]! },
  };
}

/** The campaign as Mailgate compiles it (content with its unsubscribe footer, rendered once): for the baselines. */
export function compiledCampaign(): CompiledTemplate {
  return compileTemplate(
    { subject: CAMPAIGN_SUBJECT, preview: CAMPAIGN_PREVIEW, content: withUnsubscribeLink({ kind: 'markdown', markdown: CAMPAIGN_MARKDOWN }) },
    { allowUnsubscribeUrl: true },
  );
}

/** One recipient's subject, HTML and text, as the fan-out fills them. */
export function personalized(compiled: CompiledTemplate, s: BenchSubscriber, unsubscribeUrl: string): PersonalizedEmail {
  return personalize(compiled, {
    first_name: s.first_name,
    last_name: s.last_name,
    email: s.email,
    attributes: s.attributes,
    unsubscribe_url: unsubscribeUrl,
  });
}

// ---------------------------------------------------------------------------
// The audience, written into the database before the server starts.

/** `count` subscribed subscribers tagged AUDIENCE_TAG, as rows of an organization's tables. */
export function audienceRows(
  organizationId: string,
  count: number,
  now: number,
): { tag: TagsTable; subscribers: SubscribersTable[]; links: SubscriberTagsTable[] } {
  const tag: TagsTable = { id: newId('tag', now), organization_id: organizationId, name: AUDIENCE_TAG, created_at: now };
  const subscribers: SubscribersTable[] = [];
  const links: SubscriberTagsTable[] = [];
  for (let i = 0; i < count; i++) {
    const s = subscriberAt(i);
    const row: SubscribersTable = {
      id: newId('sub', now),
      organization_id: organizationId,
      email: s.email,
      email_key: s.email.toLowerCase(),
      first_name: s.first_name,
      last_name: s.last_name,
      status: 'subscribed',
      attributes: JSON.stringify(s.attributes),
      search_text: '',
      created_at: now,
      updated_at: now,
      unsubscribed_at: null,
    };
    row.search_text = searchTextOf(row);
    subscribers.push(row);
    links.push({ tag_id: tag.id, subscriber_id: row.id, created_at: now });
  }
  return { tag, subscribers, links };
}

/** `count` subscribed subscribers tagged AUDIENCE_TAG, written straight into the server's SQLite file (after `mailgate migrate`, before the server starts) in one transaction. */
export function insertAudience(dataDir: string, organizationId: string, count: number): { seconds: number } {
  const db = new Database(path.join(dataDir, 'mailgate.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const start = performance.now();
    const { tag, subscribers, links } = audienceRows(organizationId, count, Date.now());
    const insertSubscriber = db.prepare(
      `insert into subscribers (id, organization_id, email, email_key, first_name, last_name, status, attributes, search_text, created_at, updated_at, unsubscribed_at)
       values (@id, @organization_id, @email, @email_key, @first_name, @last_name, @status, @attributes, @search_text, @created_at, @updated_at, @unsubscribed_at)`,
    );
    const insertLink = db.prepare('insert into subscriber_tags (tag_id, subscriber_id, created_at) values (?, ?, ?)');
    db.transaction(() => {
      db.prepare('insert into tags (id, organization_id, name, created_at) values (?, ?, ?, ?)').run(tag.id, tag.organization_id, tag.name, tag.created_at);
      for (let i = 0; i < subscribers.length; i++) {
        insertSubscriber.run(subscribers[i]!);
        insertLink.run(links[i]!.tag_id, links[i]!.subscriber_id, links[i]!.created_at);
      }
    })();
    db.pragma('optimize');
    return { seconds: (performance.now() - start) / 1000 };
  } finally {
    db.close();
  }
}

/** The same audience through a database handle of either dialect (a migrated SQLite file or PostgreSQL schema), in one transaction. */
export async function insertAudienceInto(db: Kysely<Schema>, organizationId: string, count: number): Promise<{ seconds: number }> {
  const start = performance.now();
  const { tag, subscribers, links } = audienceRows(organizationId, count, Date.now());
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('tags').values(tag).execute();
    await insertRows(trx, 'subscribers', subscribers, (chunk) => trx.insertInto('subscribers').values(chunk));
    await insertRows(trx, 'subscriber_tags', links, (chunk) => trx.insertInto('subscriber_tags').values(chunk));
  });
  return { seconds: (performance.now() - start) / 1000 };
}
