// Organizations: the tenant every record belongs to, and the first-start bootstrap.
// Owns the organizations table. Must not import any protocol library.
import type { Kysely, Transaction } from 'kysely';
import { lockForSetup, type DatabaseHandle } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { insertToken, type IssuedToken } from '../tokens/index.ts';
import { isPlan, type Plan } from '../auth-scope/index.ts';

/** The largest quota by arrangement (requests per minute): what a 32-bit integer column holds. */
export const RATE_LIMIT_MAX = 2_147_483_647;

export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  /** Requests per minute by arrangement; absent = the plan's quota. */
  rate_limit?: number;
  created_at: string;
}

export interface BootstrapResult {
  org: Organization;
  /** The secret, when this start generated it (print it once); null when it came from config. */
  generatedToken: string | null;
}

export interface OrganizationService {
  /** Create an organization and its first token. */
  create(input: { name: string; plan: string; rateLimit?: number }): Promise<{ org: Organization; token: IssuedToken }>;
  get(id: string): Promise<Organization>;
  /** Every organization, oldest first (for operators: the CLI). */
  list(): Promise<Organization[]>;
  /** On an empty database, create org `default` (enterprise); otherwise do nothing and return null. */
  bootstrap(token: string | undefined): Promise<BootstrapResult | null>;
}

function toOrganization(row: { id: string; name: string; plan: Plan; rate_limit: number | null; created_at: number }): Organization {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    ...(row.rate_limit !== null ? { rate_limit: Number(row.rate_limit) } : {}),
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

export function createOrganizationService(handle: DatabaseHandle, clock: Clock): OrganizationService {
  const db = handle.db;
  async function insertOrganization(
    trx: Kysely<Database> | Transaction<Database>,
    name: string,
    plan: Plan,
    rateLimit: number | null = null,
  ): Promise<Organization> {
    const now = clock.now();
    const id = newId('org', now);
    await trx.insertInto('organizations').values({ id, name, plan, rate_limit: rateLimit, created_at: now }).execute();
    return { id, name, plan, ...(rateLimit !== null ? { rate_limit: rateLimit } : {}), created_at: new Date(now).toISOString() };
  }

  return {
    async create({ name, plan, rateLimit }) {
      if (!name.trim()) throw new AppError('validation_error', 'name must not be empty', { details: [{ path: 'name', message: 'must not be empty' }] });
      if (!isPlan(plan)) {
        throw new AppError('validation_error', `plan must be one of free, premium, enterprise`, {
          details: [{ path: 'plan', message: 'must be one of free, premium, enterprise' }],
        });
      }
      if (rateLimit !== undefined && !(Number.isSafeInteger(rateLimit) && rateLimit > 0 && rateLimit <= RATE_LIMIT_MAX)) {
        throw new AppError('validation_error', `rate_limit must be a whole number of requests per minute from 1 to ${RATE_LIMIT_MAX}`, {
          details: [{ path: 'rate_limit', message: `must be a whole number from 1 to ${RATE_LIMIT_MAX}` }],
        });
      }
      return db.transaction().execute(async (trx) => {
        const org = await insertOrganization(trx, name.trim(), plan, rateLimit ?? null);
        const token = await insertToken(trx, { organizationId: org.id, now: clock.now() });
        return { org, token };
      });
    },

    async get(id) {
      const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('not_found', `Organization ${id} not found`);
      return toOrganization(row);
    },

    async list() {
      const rows = await db.selectFrom('organizations').selectAll().orderBy('id').execute();
      return rows.map(toOrganization);
    },

    async bootstrap(token) {
      // One transaction, serialized across processes: two first starts create one
      // organization, and never an organization without its token.
      return db.transaction().execute(async (trx) => {
        await lockForSetup(trx, handle.dialect);
        const existing = await trx.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
        if (existing) return null;
        const org = await insertOrganization(trx, 'default', 'enterprise');
        const issued = await insertToken(trx, { organizationId: org.id, now: clock.now(), ...(token ? { secret: token } : {}) });
        return { org, generatedToken: token ? null : issued.token };
      });
    },
  };
}
