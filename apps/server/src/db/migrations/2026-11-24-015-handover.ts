// The meetup of an accepted order (owned by the orders module): the handover code the buyer shows and the
// seller enters, with its count of wrong codes and the lock they set; a new meetup time proposed by one
// party for the other to accept; a sequence number that moves with each new time (the calendar file's
// SEQUENCE); `no_shows`, one per order, naming the student who did not come (for their public profile);
// and `order_reminders`, the durable schedule of the evening-before and hour-before reminders, one row per
// order and kind, claimed by whichever process sends it. Accepted orders from before this migration get a
// code of their own. Frozen.
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('handover_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('handover_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('handover_locked_until', 'text').execute();
  await db.schema.alterTable('orders').addColumn('proposed_meetup_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('proposed_meetup_location', 'text').execute();
  await db.schema.alterTable('orders').addColumn('proposed_by', 'text').execute();
  await db.schema.alterTable('orders').addColumn('proposed_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('meetup_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const accepted = await sql<{ id: string }>`SELECT id FROM orders WHERE status = 'accepted'`.execute(db);
  for (const { id } of accepted.rows) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await sql`UPDATE orders SET handover_code = ${code} WHERE id = ${id}`.execute(db);
  }

  await db.schema
    .createTable('no_shows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One per order: the first report wins (a second, or the other party's, is refused).
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('reporter_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('no_shows_student_idx').on('no_shows').column('student_id').execute();

  await db.schema
    .createTable('order_reminders')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    // The meetup it reminds of: a reminder whose meetup has moved since is not sent.
    .addColumn('meetup_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('order_reminders_pk', ['order_id', 'kind'])
    .execute();
  await db.schema.createIndex('order_reminders_due_idx').on('order_reminders').columns(['sent_at', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_reminders').execute();
  await db.schema.dropTable('no_shows').execute();
  for (const column of [
    'meetup_sequence',
    'proposed_at',
    'proposed_by',
    'proposed_meetup_location',
    'proposed_meetup_at',
    'handover_locked_until',
    'handover_attempts',
    'handover_code',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
