// Contact form: store the message, then mail it to the support inbox (reply goes to the student).
import { CONTACT_MAIL, type ContactBody } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import * as repo from './repository.ts';

export function createContactService(ctx: AppContext) {
  return {
    async send(body: ContactBody): Promise<void> {
      await repo.insertContactMessage(ctx.db, {
        id: newId(),
        first_name: body.firstName,
        last_name: body.lastName,
        student_number: body.studentNumber,
        university: body.university,
        email: body.email,
        message: body.message,
        created_at: iso(ctx.clock.now()),
      });
      const mail = brandedMail({
        to: ctx.config.supportEmail,
        subject: CONTACT_MAIL.subject(body.firstName, body.lastName, body.university),
        heading: CONTACT_MAIL.heading(body.firstName, body.lastName),
        paragraphs: CONTACT_MAIL.paragraphs(body.email, body.studentNumber, body.university, body.message),
      });
      await ctx.mailer.send({ ...mail, replyTo: body.email });
    },
  };
}
