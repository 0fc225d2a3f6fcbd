import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Mail received for the organizations' receiving domains. A message is stored
 * once (`received_messages`: its bytes as received, what was read of it, and its
 * attachments in `received_attachments`), however many organizations it was
 * addressed to; each of them gets a record of its own (`received_emails`), with
 * the envelope recipients at its domains and the keys its filters look up. The
 * message is keyed by the id of the first record made of it, and deleting it
 * (after the retention period) deletes its records and attachments.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof SqliteAdapter ? sql`blob` : sql`bytea`;
  await db.schema
    .createTable('received_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('raw', binary, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // The first mailbox of From, as a header writes it (`Name <a@b>`); null when missing.
    .addColumn('from_address', 'text')
    // JSON arrays of mailboxes as a header writes them.
    .addColumn('to_addresses', 'text', (c) => c.notNull())
    .addColumn('cc_addresses', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message_id', 'text')
    .addColumn('in_reply_to', 'text')
    // JSON array of the References header's message ids.
    .addColumn('reference_ids', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('text', 'text')
    .addColumn('html', 'text')
    // JSON array of {name, value}.
    .addColumn('headers', 'text', (c) => c.notNull())
    // JSON: spf, dkim, dmarc and arc results.
    .addColumn('authentication', 'text', (c) => c.notNull())
    .addColumn('mail_from', 'text')
    .addColumn('remote_address', 'text', (c) => c.notNull())
    .addColumn('helo', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_messages_created_at').on('received_messages').column('created_at').execute();

  await db.schema
    .createTable('received_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().references('received_messages.id').onDelete('cascade'))
    // JSON array: the envelope recipients at this organization's domains.
    .addColumn('recipients', 'text', (c) => c.notNull())
    // The From address, lower-cased (the `from` filter).
    .addColumn('from_key', 'text')
    // Lower-cased addresses of To, Cc and the recipients, each between newlines (the `to` filter).
    .addColumn('address_keys', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_emails_organization').on('received_emails').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('received_emails_message').on('received_emails').column('message').execute();

  await db.schema
    .createTable('received_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull().references('received_messages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text')
    // attachment | inline
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', binary, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_attachments_message').on('received_attachments').columns(['message', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('received_attachments').execute();
  await db.schema.dropTable('received_emails').execute();
  await db.schema.dropTable('received_messages').execute();
}
