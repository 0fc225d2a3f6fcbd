import type { Kysely, Transaction } from 'kysely';
import { CommittedNotSynced } from './connect.ts';
import type { Database } from './schema.ts';

/**
 * Group commit: writes that arrive in the same turn of the event loop share one
 * transaction, so a burst of N writes costs one commit and N-row inserts instead
 * of N commits. Each caller's promise settles only after its own item is
 * committed. If the shared transaction fails, each item is retried alone, so one
 * bad item cannot fail its neighbours. An item can also be refused on its own
 * merits while the rest commit: `apply` returns that item's error in its slot.
 */
export interface GroupCommit<T> {
  write(item: T): Promise<void>;
}

export interface GroupCommitOptions<T> {
  /**
   * Write `items` inside `trx`; called once per group. May return one slot per
   * item: an error there refuses that item (its caller's promise rejects with it
   * once the others are committed), undefined accepts it.
   */
  apply(trx: Transaction<Database>, items: T[]): Promise<void | readonly unknown[]>;
  /** Weight of one item (e.g. its row count); a group stays under `maxWeight`. */
  weight?(item: T): number;
  maxWeight?: number;
  /**
   * Wait this long for more items before committing (default 0: the next turn
   * of the event loop). Background writers trade a little latency for fewer commits.
   */
  delayMs?: number;
  /**
   * Where a group's transaction runs (default: on `db`); a background writer whose
   * writes are safe to do again passes the handle's `unsynced`.
   */
  connection?: <R>(fn: (db: Kysely<Database>) => Promise<R>) => Promise<R>;
}

export function createGroupCommit<T>(db: Kysely<Database>, options: GroupCommitOptions<T>): GroupCommit<T> {
  const weight = options.weight ?? (() => 1);
  const maxWeight = options.maxWeight ?? 200;
  const delayMs = options.delayMs ?? 0;
  let pendingWeight = 0;
  let timer: NodeJS.Timeout | undefined;
  let pending: { item: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;

  const connection = options.connection ?? ((fn) => fn(db));
  const commit = (items: T[]) => connection((conn) => conn.transaction().execute((trx) => options.apply(trx, items)));
  const settle = (g: { resolve: () => void; reject: (e: unknown) => void }, refusal: unknown) => (refusal === undefined ? g.resolve() : g.reject(refusal));

  async function flush(): Promise<void> {
    scheduled = false;
    let total = 0;
    let take = 0;
    while (take < pending.length && (take === 0 || total + weight(pending[take]!.item) <= maxWeight)) {
      total += weight(pending[take]!.item);
      take++;
    }
    const group = pending.slice(0, take);
    pending = pending.slice(take);
    pendingWeight -= total;
    if (pending.length > 0) schedule();
    try {
      const refusals = await commit(group.map((g) => g.item));
      group.forEach((g, i) => settle(g, refusals?.[i]));
    } catch (error) {
      // Committed, only not known to be on disk: doing the items again would write them twice.
      if (error instanceof CommittedNotSynced || group.length === 1) {
        for (const g of group) g.reject(error);
        return;
      }
      for (const g of group) {
        try {
          const refusals = await commit([g.item]);
          settle(g, refusals?.[0]);
        } catch (own) {
          g.reject(own);
        }
      }
    }
  }

  function schedule(): void {
    if (scheduled) {
      // A full group need not wait for the delay.
      if (timer && pendingWeight >= maxWeight) {
        clearTimeout(timer);
        timer = undefined;
        setImmediate(() => void flush());
      }
      return;
    }
    scheduled = true;
    if (delayMs > 0 && pendingWeight < maxWeight) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, delayMs);
    } else {
      setImmediate(() => void flush());
    }
  }

  return {
    write(item) {
      return new Promise<void>((resolve, reject) => {
        pending.push({ item, resolve, reject });
        pendingWeight += weight(item);
        schedule();
      });
    },
  };
}
