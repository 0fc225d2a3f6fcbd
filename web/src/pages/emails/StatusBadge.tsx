import { Badge, type BadgeTone } from '../../components/index.ts';
import { type Status, statusLabel } from './email-filters.ts';

/** How each last_event went for the mail: arrived or read, lost, held up or kept back, on its way. */
const TONE: Readonly<Record<Status, BadgeTone>> = {
  queued: 'neutral',
  sent: 'neutral',
  delivered: 'good',
  opened: 'good',
  clicked: 'good',
  delivery_delayed: 'warn',
  suppressed: 'warn',
  bounced: 'bad',
  complained: 'bad',
  failed: 'bad',
};

/** An email's last_event (or one of its events) as a word, coloured by how it went. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status as Status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}
