import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A subscriber event as recorded: what a trigger matches on. */
export interface RecordedEvent {
  id: string;
  organizationId: string;
  subscriberId: string;
  name: string;
  properties: Record<string, unknown>;
}

/**
 * The port audience reports the subscriber events it records through, so that
 * what reacts to them (workflows) starts without audience importing up (layers
 * run one way: docs/architecture.md); createCore wires it. Called inside the transaction that recorded the
 * events, so whatever it writes (workflow runs and their jobs) commits or rolls
 * back with them. `depth`: how many workflow runs deep the change that made
 * these events is (0: not made by a workflow).
 */
export interface EventTriggers {
  onEvents(trx: Kysely<Database> | Transaction<Database>, events: readonly RecordedEvent[], now: number, depth: number): Promise<void>;
}
