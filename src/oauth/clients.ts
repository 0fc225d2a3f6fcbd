import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, OAuthClientsTable } from '../db/schema.ts';
import { fetchClientMetadata, isClientMetadataUrl, type ClientMetadata } from './client-metadata.ts';
import { parseRegistration } from './client-registration.ts';
import {
  countRegisteredClients,
  deleteExpiredClients,
  findClient,
  findRegisteredClient,
  insertClient,
  saveMetadataClient,
  touchRegisteredClient,
} from './client.repository.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * OAuth clients: identified by a Client ID Metadata Document URL (fetched, and
 * cached until its expiry), or registered dynamically (RFC 7591), as many as are
 * kept, expiring when unused.
 */

export interface OAuthClient {
  client_id: string;
  client_name: string | null;
  redirect_uris: string[];
}

export interface RegisteredClient extends OAuthClient {
  client_id_issued_at: number;
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
}

export interface ClientSettings {
  allowPrivateClients: boolean;
  /** Resolve a metadata document's host: bounded, and not on the threads that sync the database (createCore gives DNS's). */
  lookupHost?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** Dynamic registration: how many clients are kept, and when unused ones expire. */
  clients: {
    maxRegistered: number;
    /** Never used (no authorization approved yet): deleted this long after registering. */
    unusedTtlMs: number;
    /** Not used for this long: deleted. */
    idleTtlMs: number;
  };
  /** Count a registration from this client address; throws rate_limit_exceeded past its rate (limits' registration limit). */
  admitRegistration: (clientAddress: string) => void;
}

export interface OAuthClients {
  /** A client by id: registered, or its metadata document (fetched, cached). Throws OAuthError invalid_client. */
  find(clientId: string): Promise<OAuthClient>;
  /** See OAuthService.register. */
  register(metadata: unknown, clientAddress: string): Promise<RegisteredClient>;
  /**
   * A registered client is in use: it does not expire for a while. One that
   * expired meanwhile gets nothing more (a new grant would outlive its
   * registration): throws OAuthError invalid_client. A metadata document's client expires with its cache instead: nothing to mark.
   */
  markUsed(clientId: string, now: number): Promise<void>;
  /** Delete registered clients that expired unused and metadata documents past their cache; how many. Safe from several processes at once. */
  purgeExpired(now: number): Promise<number>;
}

const toClient = (row: OAuthClientsTable): OAuthClient => ({
  client_id: row.client_id,
  client_name: row.client_name,
  redirect_uris: JSON.parse(row.redirect_uris) as string[],
});

export function createOAuthClients(db: Kysely<Database>, clock: Clock, settings: ClientSettings): OAuthClients {
  const isRegistered = (clientId: string) => !isClientMetadataUrl(clientId, settings.allowPrivateClients);

  async function metadataClient(clientId: string): Promise<OAuthClient> {
    const now = clock.now();
    const cached = await findClient(db, clientId);
    if (cached && cached.expires_at !== null && Number(cached.expires_at) > now) return toClient(cached);
    let fetched: { metadata: ClientMetadata; expiresAt: number };
    try {
      fetched = await fetchClientMetadata(clientId, {
        allowPrivate: settings.allowPrivateClients,
        now,
        ...(settings.lookupHost ? { lookup: settings.lookupHost } : {}),
      });
    } catch (error) {
      throw new OAuthError('invalid_client', `the client's metadata document could not be used: ${(error as Error).message}`);
    }
    const row: OAuthClientsTable = {
      client_id: clientId,
      kind: 'metadata_document',
      client_name: fetched.metadata.client_name,
      redirect_uris: JSON.stringify(fetched.metadata.redirect_uris),
      created_at: now,
      expires_at: fetched.expiresAt,
      last_used_at: null,
    };
    await saveMetadataClient(db, row);
    return toClient(row);
  }

  const purgeExpired = (now: number) => deleteExpiredClients(db, { now, unusedTtlMs: settings.clients.unusedTtlMs, idleTtlMs: settings.clients.idleTtlMs });

  /** Room for one more registered client: what has expired makes room first (housekeeping may not have run lately, or not in this process). */
  async function makeRoom(): Promise<void> {
    const { maxRegistered } = settings.clients;
    if ((await countRegisteredClients(db)) < maxRegistered) return;
    await purgeExpired(clock.now());
    if ((await countRegisteredClients(db)) < maxRegistered) return;
    throw new OAuthError(
      'temporarily_unavailable',
      `this server keeps at most ${maxRegistered} registered clients and holds that many; ` +
        'unused ones expire, so try again later, or identify the client by a Client ID Metadata Document URL',
    );
  }

  return {
    async find(clientId) {
      if (!isRegistered(clientId)) return metadataClient(clientId);
      const row = await findRegisteredClient(db, clientId);
      if (!row) throw new OAuthError('invalid_client', `no client ${clientId} is registered`);
      return toClient(row);
    },

    async register(metadata, clientAddress) {
      const registration = parseRegistration(metadata);
      settings.admitRegistration(clientAddress);
      await makeRoom();
      const now = clock.now();
      const row: OAuthClientsTable = {
        client_id: `mgc_${randomBytes(16).toString('base64url')}`,
        kind: 'registered',
        client_name: registration.clientName,
        redirect_uris: JSON.stringify(registration.redirectUris),
        created_at: now,
        expires_at: null,
        last_used_at: null,
      };
      await insertClient(db, row);
      return {
        ...toClient(row),
        client_id_issued_at: Math.floor(now / 1000),
        grant_types: registration.grantTypes,
        response_types: registration.responseTypes,
        token_endpoint_auth_method: 'none',
      };
    },

    async markUsed(clientId, now) {
      if (!isRegistered(clientId)) return;
      if (!(await touchRegisteredClient(db, clientId, now))) {
        throw new OAuthError('invalid_client', `no client ${clientId} is registered (unused registrations expire); register again`);
      }
    },

    purgeExpired,
  };
}
