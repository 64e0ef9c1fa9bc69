// SQL for contact messages.
import type { Insertable, Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.ts';

export const insertContactMessage = (db: Kysely<Database>, row: Insertable<ContactMessagesTable>) =>
  db.insertInto('contact_messages').values(row).execute();
