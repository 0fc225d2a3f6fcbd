import { expect } from 'vitest';
import type { EmailRecord } from '../../src/emails/index.ts';
import type { TestServer } from './server.ts';

/** GET /api/v2/emails/{id}, which must answer 200. */
export async function getEmail(server: Pick<TestServer, 'api'>, id: string): Promise<EmailRecord> {
  const res = await server.api(`/api/v2/emails/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as EmailRecord;
}

/** POST /api/v2/emails, which must answer 200 {id}; the id. */
export async function sendEmail(server: Pick<TestServer, 'api'>, body: Record<string, unknown>): Promise<string> {
  const res = await server.api('/api/v2/emails', { body });
  const answer = (await res.json()) as { id: string };
  expect(res.status, JSON.stringify(answer)).toBe(200);
  expect(answer).toEqual({ id: expect.stringMatching(/^eml_[0-9a-z]{26}$/) });
  return answer.id;
}

/** An email's event types, oldest first. */
export const eventTypes = (email: EmailRecord) => email.events.map((e) => e.type);
