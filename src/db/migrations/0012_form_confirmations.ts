import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Form submissions waiting for double opt-in: what was submitted, kept until the
 * person follows the signed link in the confirmation email (then the subscriber
 * is written), or until it expires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    // JSON: the subscriber write and the form's name, as submitted.
    .addColumn('submission', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('form_confirmations').execute();
}
