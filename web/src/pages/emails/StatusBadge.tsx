import { statusLabel } from './email-filters.ts';

/** An email's last_event as a word, coloured by how it went (the word says it; the colour only repeats it). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-${status}`}>{statusLabel(status)}</span>;
}
