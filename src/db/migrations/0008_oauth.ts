import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * The OAuth authorization server for /mcp: clients (registered dynamically, or
 * Client ID Metadata Documents fetched and cached), authorization codes, and
 * the access and refresh tokens granted. Secrets are stored as SHA-256 hashes.
 * A grant remembers the API token it was authorized with, so revoking that
 * token ends it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    // A generated id (dynamic registration) or the URL of the client's metadata document.
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // A fetched metadata document is used until then; null for a registered client.
    .addColumn('expires_at', 'bigint')
    .execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('api_token_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Set when the code is exchanged: a second exchange is refused and ends what the first gave.
    .addColumn('used_at', 'bigint')
    .addColumn('family_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Every token issued from one authorization code, refreshes included.
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('api_token_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // A refresh token used once; using it again revokes its family.
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_tokens_family_idx').on('oauth_tokens').columns(['family_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').execute();
  await db.schema.dropTable('oauth_codes').execute();
  await db.schema.dropTable('oauth_clients').execute();
}
