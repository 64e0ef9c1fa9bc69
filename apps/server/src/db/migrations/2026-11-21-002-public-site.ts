// Contact messages and newsletter subscribers (with the provider sync bookkeeping). Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('student_number', 'text', (c) => c.notNull())
    .addColumn('university', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('signup_date', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('synced_at', 'text')
    .addColumn('sync_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_sync_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.dropTable('contact_messages').execute();
}
