// SQL for contact messages.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';

export const insertContactMessage = (db: Db, row: Insertable<ContactMessagesTable>) =>
  db.insertInto('contact_messages').values(row).execute();
