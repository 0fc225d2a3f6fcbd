// What an email event carries (a relay's reply, a bounce, a clicked link, a user agent), as lines a person reads.

/** What each detail an event may carry is called for a person (others are shown by their key). */
const LABELS: Readonly<Record<string, string>> = {
  response: 'Relay reply',
  response_code: 'Reply code',
  transport: 'Transport',
  attempt: 'Attempt',
  next_attempt_at: 'Next attempt',
  unknown_outcome: 'Outcome unknown',
  url: 'Clicked link',
  user_agent: 'User agent',
  reason: 'Reason',
  fixture: 'Fixture address',
  'bounce.type': 'Bounce type',
  'bounce.status': 'Bounce status',
  'bounce.diagnostic': 'Bounce diagnostic',
  'bounce.remote_mta': 'Remote server',
  'complaint.type': 'Complaint type',
  'complaint.user_agent': 'Reported by',
  status: 'Status',
  diagnostic: 'Diagnostic',
  remote_mta: 'Remote server',
  suppression_id: 'Suppression',
};

/** An event's detail as label/value lines: nested objects (a bounce, a complaint) flattened, empty values left out. */
export function detailLines(detail: Record<string, unknown> | null, prefix = ''): { key: string; label: string; value: string }[] {
  if (!detail) return [];
  return Object.entries(detail).flatMap(([name, value]) => {
    const key = prefix + name;
    if (value === null || value === undefined || value === '') return [];
    if (typeof value === 'object' && !Array.isArray(value)) return detailLines(value as Record<string, unknown>, `${key}.`);
    const text = typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? 'yes' : 'no') : JSON.stringify(value);
    return [{ key, label: LABELS[key] ?? key.replaceAll('_', ' ').replaceAll('.', ' '), value: text }];
  });
}
