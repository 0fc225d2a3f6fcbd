import { createDomainService, domainNameOf } from '../../src/domains/index.ts';
import { systemClock, type DatabaseHandle, type DnsResolver } from '../../src/index.ts';
import { openProcessDatabase, type ProcessDatabase } from './process.ts';

const noDns: DnsResolver = {
  mx: () => Promise.reject(new Error('not looked up: the domain is marked verified')),
  addresses: () => Promise.reject(new Error('not looked up: the domain is marked verified')),
  txt: () => Promise.reject(new Error('not looked up: the domain is marked verified')),
  hostAddresses: () => Promise.reject(new Error('not looked up: the domain is marked verified')),
};

/**
 * Add a sending domain to an organization (its first one when none is named)
 * and mark it verified as if its DNS records had been found: with a relay
 * (RELAY_URL) only verified domains may send, and tests of delivery are not
 * about DNS. domains.test.ts verifies through a real DNS server.
 */
export async function addVerifiedDomain(handle: DatabaseHandle, name: string, organizationId?: string): Promise<void> {
  const org = organizationId ?? (await handle.db.selectFrom('organizations').select('id').orderBy('created_at').orderBy('id').executeTakeFirstOrThrow()).id;
  const domain = await createDomainService(handle, systemClock, noDns, { spfMechanism: 'mx', inboundMxHost: 'localhost' }).create(
    { organizationId: org },
    domainNameOf(name) ?? name,
  );
  const now = Date.now();
  // Checked now, as far as the scheduled re-checks know: a worker does not look its DNS up for a day.
  await handle.db.updateTable('domains').set({ status: 'verified', verified_at: now, updated_at: now, checked_at: now }).where('id', '=', domain.id).execute();
}

/** addVerifiedDomain on a process's database (its organization bootstrapped by the process), over a connection of the test's own. */
export async function addVerifiedDomainTo(database: ProcessDatabase, name: string): Promise<void> {
  const handle = await openProcessDatabase(database);
  try {
    await addVerifiedDomain(handle, name);
  } finally {
    await handle.close();
  }
}
