// Organizations: the tenant every record belongs to, and the first-start bootstrap.
// Owns the organizations table. Must not import any protocol library.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { IssuedToken, TokenService } from '../tokens/index.ts';
import { isPlan, type Plan } from './plans.ts';

export { PLANS, isPlan, type Plan } from './plans.ts';

export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

export interface BootstrapResult {
  org: Organization;
  /** The secret, when this start generated it (print it once); null when it came from config. */
  generatedToken: string | null;
}

export interface OrganizationService {
  /** Create an organization and its first token. */
  create(input: { name: string; plan: string }): Promise<{ org: Organization; token: IssuedToken }>;
  get(id: string): Promise<Organization>;
  /** On an empty database, create org `default` (enterprise); otherwise do nothing and return null. */
  bootstrap(token: string | undefined): Promise<BootstrapResult | null>;
}

export function createOrganizationService(db: Kysely<Database>, clock: Clock, tokens: TokenService): OrganizationService {
  async function insertOrganization(name: string, plan: Plan): Promise<Organization> {
    const now = clock.now();
    const id = newId('org', now);
    await db.insertInto('organizations').values({ id, name, plan, created_at: now }).execute();
    return { id, name, plan, created_at: new Date(now).toISOString() };
  }

  return {
    async create({ name, plan }) {
      if (!name.trim()) throw new AppError('validation_error', 'name must not be empty', { details: [{ path: 'name', message: 'must not be empty' }] });
      if (!isPlan(plan)) {
        throw new AppError('validation_error', `plan must be one of free, premium, enterprise`, {
          details: [{ path: 'plan', message: 'must be one of free, premium, enterprise' }],
        });
      }
      const org = await insertOrganization(name.trim(), plan);
      const token = await tokens.create(org.id);
      return { org, token };
    },

    async get(id) {
      const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('not_found', `Organization ${id} not found`);
      return { id: row.id, name: row.name, plan: row.plan, created_at: new Date(row.created_at).toISOString() };
    },

    async bootstrap(token) {
      const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
      if (existing) return null;
      const org = await insertOrganization('default', 'enterprise');
      const issued = await tokens.create(org.id, token ? { secret: token } : {});
      return { org, generatedToken: token ? null : issued.token };
    },
  };
}
