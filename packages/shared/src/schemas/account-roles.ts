// One account, both roles (docs/decisions/0033-one-account-both-roles.md): the body of
// POST /account/roles, which adds buying or selling to the account of the student who sends it.
import { z } from 'zod';
import { USER_TYPES, type Role, type UserType } from '../enums';
import { ROLE_CHANGE_MESSAGES } from '../messages';
import { body, isMissing } from './common';

/** `{"role": "seller" | "buyer"}`; admin is named in its own refusal, since a student may think to ask for it. */
export const addRoleSchema = body({
  role: z
    .enum(USER_TYPES, {
      error: (issue) =>
        isMissing(issue.input) || issue.input === ''
          ? ROLE_CHANGE_MESSAGES.roleRequired
          : issue.input === 'admin'
            ? ROLE_CHANGE_MESSAGES.adminNotAddable
            : ROLE_CHANGE_MESSAGES.roleInvalid,
    })
    .describe('The role to add: buyer or seller (admin cannot be added)'),
});
export type AddRoleBody = z.output<typeof addRoleSchema>;

/** Whether an account may act as `role` (its sign-up role or one it added). */
export function holdsRole(student: { role: Role; roles: readonly Role[] }, role: Role): boolean {
  return student.role === role || student.roles.includes(role);
}

/** The role a student could still add (buyer or seller), or null for an admin or an account holding both. */
export function roleToAdd(student: { role: Role; roles: readonly Role[] }): UserType | null {
  if (student.role === 'admin') return null;
  return USER_TYPES.find((role) => !holdsRole(student, role)) ?? null;
}
