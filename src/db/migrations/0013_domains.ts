import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Sending domains: a domain an organization sends from, its DKIM key pair (the
 * private key never leaves the server), and what the last check of its DNS
 * records found. One row per organization and domain name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // Lower-cased, in its ASCII (punycode) form.
    .addColumn('name', 'text', (c) => c.notNull())
    // pending | verified | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dkim_selector', 'text', (c) => c.notNull())
    // PEM (PKCS#8).
    .addColumn('dkim_private_key', 'text', (c) => c.notNull())
    // base64 DER (SubjectPublicKeyInfo): the p= of the DKIM record.
    .addColumn('dkim_public_key', 'text', (c) => c.notNull())
    // JSON: the last check's result per record; null before the first.
    .addColumn('checks', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .execute();
  await db.schema.createIndex('domains_org_name_idx').unique().on('domains').columns(['organization_id', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domains').execute();
}
