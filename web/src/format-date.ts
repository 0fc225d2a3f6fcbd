/** A date and time as the reader's browser writes them ("27 Nov 2026, 18:04"); an ISO string from the API in. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
