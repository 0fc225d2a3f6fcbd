import { formatDateTime } from '../intl.ts';

/** A moment as the reader's locale writes it (date and minute), in a <time> with the ISO value; `fallback` when there is none. */
export function DateTime({ value, fallback = 'Never' }: { value: string | null | undefined; fallback?: string }) {
  if (!value) return <>{fallback}</>;
  if (Number.isNaN(Date.parse(value))) return <>{value}</>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}
