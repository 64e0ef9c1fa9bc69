// Orders (a buyer's request for one listing, through meetup to handover), their messages, reviews,
// idempotency keys, carts and package orders. Orders keep a snapshot of the book and survive the
// deletion of either party (their id becomes null: anonymised for the other party). Frozen.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('buyer_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('seller_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('buyer_first_name', 'text', (c) => c.notNull())
    .addColumn('seller_first_name', 'text', (c) => c.notNull())
    .addColumn('book_title', 'text', (c) => c.notNull())
    .addColumn('book_author', 'text', (c) => c.notNull())
    .addColumn('book_edition', 'text', (c) => c.notNull())
    .addColumn('book_isbn', 'text', (c) => c.notNull())
    .addColumn('book_condition', 'text', (c) => c.notNull())
    .addColumn('book_image_url', 'text')
    .addColumn('book_thumb_url', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('meetup_location', 'text')
    .addColumn('meetup_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // At most one active order per book, whatever the application does.
  await sql`CREATE UNIQUE INDEX orders_one_active_per_book ON orders (book_id) WHERE status IN ('requested', 'accepted')`.execute(db);
  await db.schema.createIndex('orders_buyer_idx').on('orders').columns(['buyer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_seller_idx').on('orders').columns(['seller_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_expiry_idx').on('orders').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('order_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('sender_first_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_messages_order_idx').on('order_messages').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('reviewer_first_name', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_one_per_party', ['order_id', 'reviewer_id'])
    .execute();
  await db.schema.createIndex('reviews_subject_idx').on('reviews').column('subject_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['student_id', 'key'])
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['student_id', 'item_type', 'item_id'])
    .execute();

  await db.schema
    .createTable('package_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('student_first_name', 'text', (c) => c.notNull())
    .addColumn('student_email', 'text')
    .addColumn('package_id', 'text', (c) => c.notNull())
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('package_orders_status_idx').on('package_orders').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['package_orders', 'cart_items', 'idempotency_keys', 'reviews', 'order_messages', 'orders']) {
    await db.schema.dropTable(t).execute();
  }
}
