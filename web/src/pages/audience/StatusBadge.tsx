import { Badge, type BadgeTone } from '../../components/index.ts';
import { subscriberStatusLabel } from './filters.ts';

const TONE: Readonly<Record<string, BadgeTone>> = { subscribed: 'good', unsubscribed: 'neutral', bounced: 'bad', complained: 'bad' };

/** A subscriber's status as a word, coloured by what it means for mailing them. */
export function SubscriberStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status] ?? 'neutral'}>{subscriberStatusLabel(status)}</Badge>;
}
