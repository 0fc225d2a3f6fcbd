import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * People, besides tokens: the users of each organization (a role, a password
 * hash once they accepted), and the one-time invitations that let them set
 * it. An invitation is kept as a hash of its secret; the first admin's has no
 * user yet (whoever accepts it names the address), so it carries the role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // As given, and lower-cased: what "the same address" means within an organization.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    // admin | member | viewer
    .addColumn('role', 'text', (c) => c.notNull())
    // invited | active
    .addColumn('status', 'text', (c) => c.notNull())
    // A self-describing scrypt hash ($scrypt$ln=…,r=…,p=…$salt$hash); null until the invitation is accepted.
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .execute();
  await db.schema.createIndex('users_org_email_idx').on('users').columns(['organization_id', 'email_key']).unique().execute();
  await db.schema.createIndex('users_org_id_idx').on('users').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('user_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // The invited user; null for an invitation that creates its user when accepted (the first admin).
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    // The role a user created on acceptance gets (an invited user keeps its own).
    .addColumn('role', 'text', (c) => c.notNull())
    // SHA-256 of the secret in the link; the secret itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_invitations_user_idx').on('user_invitations').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_invitations').execute();
  await db.schema.dropTable('users').execute();
}
