// POST /contact: the contact form's message to the support team, with a honeypot field for bots.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { CONTACT_UNIVERSITIES } from '../universities';
import { body, choice, emailField, line, prose, requiredText } from './common';

export const contactSchema = body({
  firstName: requiredText({
    text: line('First name'),
    required: MESSAGES.firstNameRequired,
    invalid: 'First name must be text',
    max: 100,
    maxMessage: 'First name must be at most 100 characters',
  }),
  lastName: requiredText({
    text: line('Last name'),
    required: MESSAGES.lastNameRequired,
    invalid: 'Last name must be text',
    max: 100,
    maxMessage: 'Last name must be at most 100 characters',
  }),
  studentNumber: requiredText({
    text: line('Student number'),
    required: MESSAGES.studentNumberRequired,
    invalid: 'Student number must be text',
    max: 30,
    maxMessage: 'Student number seems too long',
  }),
  university: choice(CONTACT_UNIVERSITIES, MESSAGES.universityRequired),
  email: emailField(),
  message: requiredText({
    text: prose,
    required: MESSAGES.messageRequired,
    invalid: 'Message must be text',
    max: LIMITS.contactMessageMaxLength,
    maxMessage: MESSAGES.messageTooLong,
  }),
  /** Hidden from people; a bot that fills it in is answered as usual and its message dropped. */
  website: z.string({ error: MESSAGES.invalidInput }).max(2000, MESSAGES.invalidInput).optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactBody = z.output<typeof contactSchema>;
