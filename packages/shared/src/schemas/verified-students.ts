// Verified students (docs/decisions/0035-verified-students.md): the bodies of
// POST /account/verify-student (the university address to mail a link to) and its confirmation (the
// link's token), and the confirmation's answer.
import { z } from 'zod';
import { VERIFY_STUDENT_MESSAGES } from '../messages';
import { body, emailField, requiredText, token } from './common';
import { studentVerifiedSchema } from './responses';

/** `{"email": "<address at the student's university>"}`; the university check needs the student, so the server makes it. */
export const verifyStudentSchema = body({
  email: emailField({ required: VERIFY_STUDENT_MESSAGES.emailRequired, invalid: VERIFY_STUDENT_MESSAGES.emailInvalid }).describe(
    "An address at one of the student's university's email domains (or a sub-domain of one)",
  ),
});
export type VerifyStudentBody = z.output<typeof verifyStudentSchema>;

/** `{"token": "..."}` from the mailed link; a missing or malformed token is an invalid link. */
export const verifyStudentConfirmSchema = body({
  token: requiredText({ text: token, required: VERIFY_STUDENT_MESSAGES.linkInvalid, max: 512, maxMessage: VERIFY_STUDENT_MESSAGES.linkInvalid }),
});
export type VerifyStudentConfirmBody = z.output<typeof verifyStudentConfirmSchema>;

/** The confirmation's answer: the verification the account now carries. */
export const verifyStudentConfirmedSchema = z.object({
  message: z.string(),
  verified: studentVerifiedSchema.unwrap(),
});
