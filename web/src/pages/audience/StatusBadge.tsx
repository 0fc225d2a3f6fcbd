import { subscriberStatusLabel } from './filters.ts';

const TONE: Record<string, string> = { subscribed: 'good', unsubscribed: 'neutral', bounced: 'bad', complained: 'bad' };

/** A subscriber's status as a word, coloured by what it means for mailing them (the word says it; the colour only repeats it). */
export function SubscriberStatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${TONE[status] ?? 'neutral'}`}>{subscriberStatusLabel(status)}</span>;
}
