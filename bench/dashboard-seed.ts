// The data bench:dashboard opens the dashboard on: emails with their events,
// spread over the last 30 days, written into a server's database through the
// repository functions every send and every outcome goes through (insertEmails,
// recordEmailEvents), with the rows emailRow makes. Whatever those writes keep
// besides the rows (the daily counts email statistics read) is kept for the
// seeded emails exactly as for sent ones. Deterministic from each email's index.
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/app.ts';
import { emailRow, type EmailRowInput } from '../src/emails/email-rows.ts';
import { insertEmails, recordEmailEvents, type NewEmailEvent, type NewEmailRow } from '../src/emails/email.repository.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Emails per transaction: one insertEmails and one recordEmailEvents each. */
const CHUNK = 2000;

/** Sender domains with their share of the emails (out of 100). */
export const SENDER_DOMAINS: readonly [string, number][] = [
  ['acme.example', 50],
  ['shop.acme.example', 25],
  ['news.acme.example', 20],
  ['alerts.example', 5],
];
const SENDERS: Record<string, { name: string | null; local: string }> = {
  'acme.example': { name: 'Acme', local: 'hello' },
  'shop.acme.example': { name: 'Acme Shop', local: 'orders' },
  'news.acme.example': { name: null, local: 'newsletter' },
  'alerts.example': { name: 'Alerts', local: 'noreply' },
};
const SUBJECTS: Record<string, string[]> = {
  'acme.example': ['Welcome to Acme', 'Confirm your address', 'Your sign-in code', 'Password reset'],
  'shop.acme.example': ['Your order has shipped', 'Receipt for your order', 'Your cart is waiting', 'Order confirmed'],
  'news.acme.example': ['This week at Acme', 'What is new in November', 'Tips for getting started'],
  'alerts.example': ['Usage above 80 %', 'Payment failed', 'New sign-in from a new device'],
};
const RECIPIENT_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'web.de', 'example.org'];
const FIRST = ['maria', 'james', 'sofia', 'liam', 'emma', 'noah', 'olivia', 'lucas', 'ava', 'mateo', 'yuki', 'omar', 'anna', 'jonas', 'priya', 'chen'];

/** A well-mixed 32-bit hash of (i, salt): choices do not follow the index. */
function hash(i: number, salt: number): number {
  let h = Math.imul(i ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2d) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}
const unit = (i: number, salt: number) => hash(i, salt) / 2 ** 32;

function pickWeighted<T>(items: readonly [T, number][], roll: number): T {
  let left = roll % 100;
  for (const [item, weight] of items) {
    if (left < weight) return item;
    left -= weight;
  }
  return items[0]![0];
}

/** What happens to one email after it is accepted. */
type Fate = 'suppressed' | 'failed' | 'bounced' | 'delivered';

/** One seeded email: its row and the events that follow its first one, times in the past. */
interface SeededEmail {
  row: NewEmailRow;
  events: NewEmailEvent[];
}

/**
 * Email `i` of `count`, accepted at a time spread evenly over the 30 days before
 * `now` (the oldest first, so ids follow time). Of them about 1 % suppressed,
 * 0.5 % failed, 3 % bounced, the rest delivered; of those delivered and tracked
 * (60 %) about half opened and a fifth clicked; 0.2 % of delivered complained.
 */
function seededEmail(organizationId: string, i: number, count: number, now: number): SeededEmail {
  // Spread over 30 days ending an hour ago, so every event (up to an hour later) is in the past.
  const at = now - 30 * DAY_MS + Math.floor(((i + 0.5) / count) * (30 * DAY_MS - 60 * MINUTE_MS));
  const domain = pickWeighted(SENDER_DOMAINS, hash(i, 1));
  const sender = SENDERS[domain]!;
  const subjects = SUBJECTS[domain]!;
  const first = FIRST[hash(i, 2) % FIRST.length]!;
  const to = { name: null, address: `${first}.${i}@${RECIPIENT_DOMAINS[hash(i, 3) % RECIPIENT_DOMAINS.length]}` };
  const tracked = unit(i, 4) < 0.6;
  const input: EmailRowInput = {
    from: { name: sender.name, address: `${sender.local}@${domain}` },
    replyTo: null,
    subject: `${subjects[hash(i, 5) % subjects.length]} #${i}`,
    preview: null,
    messageId: null,
    tracking: tracked,
    source: 'api',
    submissionId: null,
  };
  const text = `Hello ${first},\n\nThis is message ${i}.\n`;
  const row = emailRow({ organizationId }, input, to, { html: `<p>Hello ${first},</p><p>This is message ${i}.</p>`, text }, at);
  const roll = unit(i, 6);
  const fate: Fate = roll < 0.01 ? 'suppressed' : roll < 0.015 ? 'failed' : roll < 0.045 ? 'bounced' : 'delivered';
  const events: NewEmailEvent[] = [];
  const event = (type: string, after: number, detail: Record<string, unknown> | null) =>
    events.push({ emailId: row.email.id, organizationId, type, detail, at: at + after });
  if (fate === 'suppressed') {
    return { row: { ...row, email: { ...row.email, last_event: 'suppressed' }, eventDetail: { reason: 'hard_bounce' } }, events };
  }
  if (fate === 'failed') {
    event('failed', 2000, { transport: 'relay', response: '554 5.7.1 Message rejected', response_code: 554, attempt: 1 });
    return { row, events };
  }
  event('sent', 1000 + (hash(i, 7) % 4000), { transport: 'relay', response: '250 2.0.0 OK queued', attempt: 1 });
  if (fate === 'bounced') {
    event('bounced', 30_000 + (hash(i, 8) % 60_000), { bounce: { type: 'hard', diagnostic: '550 5.1.1 User unknown' } });
    return { row, events };
  }
  event('delivered', 6000, { transport: 'relay' });
  if (tracked && unit(i, 9) < 0.5) {
    event('opened', 5 * MINUTE_MS + (hash(i, 10) % (40 * MINUTE_MS)), { user_agent: 'Mozilla/5.0' });
    if (unit(i, 11) < 0.4) event('clicked', 46 * MINUTE_MS + (hash(i, 12) % (10 * MINUTE_MS)), { url: 'https://acme.example/start' });
  }
  if (unit(i, 13) < 0.002) event('complained', 58 * MINUTE_MS, { complaint: { feedback_type: 'abuse' } });
  return { row, events };
}

/** What was seeded: per event type, how many happened on each UTC day (days since 1970-01-01). */
export interface Seeded {
  emails: number;
  events: number;
  seconds: number;
  /** type → day → count, the first event of each email (`queued` or `suppressed`) included. */
  byDay: Map<string, Map<number, number>>;
  /** Sender domain → emails. */
  byDomain: Map<string, number>;
}

/**
 * Write `count` emails with their events for `organizationId` into the SQLite
 * database in `dataDir` (migrated already, e.g. by `mailgate org create`),
 * `CHUNK` emails per transaction. Only the writes are timed, not making the rows.
 */
export async function seedEmails(dataDir: string, organizationId: string, count: number, now: number): Promise<Seeded> {
  // DURABILITY=process: synchronous=NORMAL while seeding; the server opens the file with its own setting.
  const handle = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, DURABILITY: 'process', LOG_LEVEL: 'warn' }));
  try {
    // Made in order of time, all before any is written: ids are time-sortable and increase with each one made.
    const emails = Array.from({ length: count }, (_, i) => seededEmail(organizationId, i, count, now));
    const byDay = new Map<string, Map<number, number>>();
    const byDomain = new Map<string, number>();
    const tally = (type: string, at: number) => {
      const days = byDay.get(type) ?? new Map<number, number>();
      const day = Math.floor(at / DAY_MS);
      days.set(day, (days.get(day) ?? 0) + 1);
      byDay.set(type, days);
    };
    let events = 0;
    for (const { row, events: later } of emails) {
      tally(row.email.last_event, row.email.created_at);
      for (const e of later) tally(e.type, e.at);
      events += 1 + later.length;
      const domain = row.email.from_address.replace(/>$/, '').split('@').pop()!;
      byDomain.set(domain, (byDomain.get(domain) ?? 0) + 1);
    }
    const start = performance.now();
    for (let i = 0; i < emails.length; i += CHUNK) {
      const chunk = emails.slice(i, i + CHUNK);
      await handle.db.transaction().execute(async (trx) => {
        await insertEmails(
          trx,
          chunk.map((e) => e.row),
        );
        await recordEmailEvents(
          trx,
          chunk.flatMap((e) => e.events),
        );
      });
    }
    return { emails: count, events, seconds: (performance.now() - start) / 1000, byDay, byDomain };
  } finally {
    await handle.close();
  }
}
