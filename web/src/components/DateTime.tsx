/** A moment as the reader's locale writes it (date and minute), in a <time> with the ISO value; `fallback` when there is none. */
export function DateTime({ value, fallback = 'Never' }: { value: string | null | undefined; fallback?: string }) {
  if (!value) return <>{fallback}</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <time dateTime={value}>{date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}
