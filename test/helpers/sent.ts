import { expect } from 'vitest';
import { apiCall } from './process.ts';
import { waitFor } from './server.ts';

/**
 * Wait until every email of `ids` reads `last_event: sent` through the API of the
 * process at `baseUrl`, and return them as read (each must be found: 200).
 */
export async function waitUntilSent<T extends { last_event: string }>(
  baseUrl: string,
  token: string,
  ids: readonly string[],
  timeoutMs = 30_000,
): Promise<T[]> {
  return waitFor(
    async () => {
      const found: T[] = [];
      for (const id of ids) {
        const res = await apiCall(baseUrl, token, `/api/v2/emails/${id}`);
        expect(res.status).toBe(200);
        const email = (await res.json()) as T;
        if (email.last_event !== 'sent') return undefined;
        found.push(email);
      }
      return found;
    },
    timeoutMs,
    'every accepted email to be sent',
  );
}
