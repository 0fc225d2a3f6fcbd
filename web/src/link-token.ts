/** The secret of a one-time link (an invitation, a password reset): after #token=, as a fragment never reaches a server or its logs. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
