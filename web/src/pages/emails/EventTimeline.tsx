import { StatusBadge } from './StatusBadge.tsx';
import { detailLines } from './event-detail.ts';
import { formatDateTime } from '../../intl.ts';

export interface EmailEvent {
  id: string;
  type: string;
  created_at: string;
  detail: Record<string, unknown> | null;
}

/** Every event of an email, oldest first: when, what, and what it came with (the relay's reply, a bounce's diagnostic, the link clicked, the reader's user agent). */
export function EventTimeline({ events }: { events: readonly EmailEvent[] }) {
  if (events.length === 0) return <p>No event yet.</p>;
  return (
    <ol className="timeline">
      {events.map((event) => {
        const lines = detailLines(event.detail);
        return (
          <li key={event.id} className="timeline-event">
            <div className="timeline-head">
              <StatusBadge status={event.type} />
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </div>
            {lines.length > 0 && (
              <dl className="timeline-detail">
                {lines.map((line) => (
                  <div key={line.key}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
