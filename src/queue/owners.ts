// Who holds a job's lease: `host:pid:token`, one per worker life. A holder on
// this host whose process no longer exists (or an earlier life of this very
// pid: a container restarted as pid 1) provably runs nothing, so its jobs can be
// taken back at once instead of when their leases run out. Holders on other
// hosts cannot be checked from here: their jobs wait for the lease.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The owners made in this process: with this pid, any other is an earlier life of it. */
const ownersHere = new Set<string>();

export function newOwner(): string {
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  ownersHere.add(owner);
  return owner;
}

/** Does a process with this pid exist? (EPERM: it does, as another user.) */
function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Is `owner` a worker that is certainly not running any more, as seen from this process? */
export function isGoneOwner(owner: string, exists: (pid: number) => boolean = pidExists): boolean {
  const [host, pidText] = owner.split(':');
  if (host !== os.hostname() || !/^\d+$/.test(pidText ?? '')) return false;
  // This pid, but not made here: an earlier life of this process's pid.
  if (Number(pidText) === process.pid) return !ownersHere.has(owner);
  return !exists(Number(pidText));
}

/** Release the leases of holders that are gone; how many jobs were released. Safe to run anywhere at any time. */
export async function releaseGoneOwners(db: Kysely<Database>, exists?: (pid: number) => boolean): Promise<number> {
  const holders = await db.selectFrom('jobs').select('lease_owner').distinct().where('lease_owner', 'is not', null).execute();
  const gone = holders.map((h) => h.lease_owner!).filter((owner) => isGoneOwner(owner, exists));
  if (gone.length === 0) return 0;
  // Only while the gone holder still has them: a job another worker claimed meanwhile is left alone.
  const result = await db.updateTable('jobs').set({ lease_until: null, lease_owner: null }).where('lease_owner', 'in', gone).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
