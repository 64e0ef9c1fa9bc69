// Account payloads: the sign-up form (first failure toasted), the register, login,
// reset, change-password and delete-account bodies of the API, and the password rules a UI can list.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { USER_TYPES } from '../enums';
import { MESSAGES, SIGN_IN_PROVIDERS } from '../messages';
import { UNIVERSITY_IDS } from '../universities';
import { body, choice, emailField, isMissing, line, requiredText, token } from './common';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  /** Short checklist text for a UI. */
  label: string;
  /** The API's message when the rule fails at account creation. */
  message: string;
  test: (password: string) => boolean;
}

/** The account-creation password rules, in the order their messages are reported. */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${LIMITS.passwordMinLength} characters`,
    message: MESSAGES.passwordMinLong,
    test: (password) => password.length >= LIMITS.passwordMinLength,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: MESSAGES.passwordUppercase,
    test: (password) => /[A-Z]/.test(password),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: MESSAGES.passwordLowercase,
    test: (password) => /[a-z]/.test(password),
  },
  { id: 'number', label: 'One number', message: MESSAGES.passwordNumber, test: (password) => /\d/.test(password) },
  {
    id: 'special',
    label: 'One special character',
    message: MESSAGES.passwordSpecial,
    test: (password) => /[^A-Za-z0-9]/.test(password),
  },
];

/** Each rule with whether `password` meets it, for a live checklist under a password field. */
export function passwordChecklist(password: string): { id: PasswordRule['id']; label: string; met: boolean }[] {
  return passwordRules.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** The first rule `password` breaks, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length > LIMITS.passwordMaxLength) return MESSAGES.passwordTooLong;
  return passwordRules.find((rule) => !rule.test(password))?.message ?? null;
}

/** The sign-up form's own complexity rule: its special character is one of @$!%*?&. */
export const SIGNUP_FORM_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])/;

interface PasswordMessages {
  required: string;
  tooShort: string;
}

/** A password under the account-creation rules; passwords are never trimmed. */
function accountPassword({ required, tooShort }: PasswordMessages) {
  const [, ...characterRules] = passwordRules;
  return characterRules.reduce(
    (schema, rule) => schema.refine(rule.test, rule.message),
    z
      .string({ error: (issue) => (isMissing(issue.input) ? required : MESSAGES.invalidInput) })
      .min(1, { error: required, abort: true })
      .min(LIMITS.passwordMinLength, tooShort)
      .max(LIMITS.passwordMaxLength, MESSAGES.passwordTooLong),
  );
}

const newAccountPassword = () =>
  accountPassword({ required: MESSAGES.passwordRequired, tooShort: MESSAGES.passwordMinLong });

const name = (required: string, label: string) =>
  requiredText({
    text: line(label),
    required,
    invalid: `${label} must be text`,
    max: 100,
    maxMessage: `${label} must be at most 100 characters`,
  });

const firstName = () => name(MESSAGES.firstNameRequired, 'First name');
const lastName = () => name(MESSAGES.lastNameRequired, 'Last name');

const studentNumber = () =>
  requiredText({
    text: line('Student number'),
    required: MESSAGES.studentNumberRequired,
    invalid: 'Student number must be text',
    max: 30,
    maxMessage: 'Student number seems too long',
  }).min(LIMITS.studentNumberMinLength, MESSAGES.studentNumberShort);

const university = () => choice(UNIVERSITY_IDS, MESSAGES.universityRequired);
const userType = () => choice(USER_TYPES, MESSAGES.userTypeRequired);

/**
 * The sign-up form. Fields are in the order the form checks them, so the first issue
 * is the toast. The terms checkbox is checked here and never sent.
 */
export const signupFormSchema = body({
  email: emailField(),
  password: z
    .string({ error: (issue) => (isMissing(issue.input) ? MESSAGES.passwordRequired : MESSAGES.invalidInput) })
    .min(1, { error: MESSAGES.passwordRequired, abort: true })
    .min(LIMITS.passwordMinLength, { error: MESSAGES.passwordMin, abort: true })
    .max(LIMITS.passwordMaxLength, { error: MESSAGES.passwordTooLong, abort: true })
    .regex(SIGNUP_FORM_PASSWORD_PATTERN, MESSAGES.passwordComplexity),
  firstName: firstName(),
  lastName: lastName(),
  studentNumber: studentNumber(),
  university: university(),
  userType: userType(),
  acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
});
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

/** POST /auth/register: the sign-up payload, normalised (email lower-cased, names and number trimmed). */
export const registerSchema = body({
  email: emailField(),
  password: newAccountPassword(),
  firstName: firstName(),
  lastName: lastName(),
  studentNumber: studentNumber(),
  university: university(),
  userType: userType(),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterBody = z.output<typeof registerSchema>;

const loginPassword = () =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? MESSAGES.passwordRequired : MESSAGES.invalidInput) })
    .min(1, MESSAGES.passwordRequired);

/** POST /auth/login. */
export const loginSchema = body({
  email: emailField(),
  password: loginPassword(),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginBody = z.output<typeof loginSchema>;

/** POST /auth/password-reset (and the /reset page's form). */
export const resetRequestSchema = body({
  email: emailField(),
});
export type ResetRequestBody = z.output<typeof resetRequestSchema>;

/** POST /auth/password-reset/confirm: a missing or malformed token is an invalid link. */
export const resetConfirmSchema = body({
  token: requiredText({ text: token, required: MESSAGES.resetInvalid, max: 512, maxMessage: MESSAGES.resetInvalid }),
  password: newAccountPassword(),
});
export type ResetConfirmBody = z.output<typeof resetConfirmSchema>;

/** PUT /auth/password. */
export const changePasswordSchema = body({
  oldPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired),
  password: accountPassword({ required: MESSAGES.newPasswordRequired, tooShort: MESSAGES.newPasswordMin }),
});
export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

/** DELETE /account: the password re-entered in the prompt. */
export const deleteAccountSchema = body({
  password: z
    .string({ error: MESSAGES.deleteCancelledNoPassword })
    .min(1, MESSAGES.deleteCancelledNoPassword),
});
export type DeleteAccountBody = z.output<typeof deleteAccountSchema>;

// ---- Sign-in with identity providers (docs/decisions/0036-sign-in-providers.md) ----

/** GET /auth/providers: the providers configured on this server, in a fixed order. */
export const providersResponseSchema = z
  .object({ providers: z.array(z.enum(SIGN_IN_PROVIDERS)) })
  .meta({ id: 'SignInProviders' });
export type ProvidersResponse = z.output<typeof providersResponseSchema>;

export const providerParamsSchema = z.object({
  provider: z.string().max(30).describe(`One of ${SIGN_IN_PROVIDERS.join(', ')}`),
});

/** GET /auth/oauth/:provider?intent=link (signed in: link to this account) or sign-in (the default). */
export const providerStartQuerySchema = z.object({
  intent: z.enum(['sign-in', 'link']).default('sign-in'),
});

/** The callback's query as the provider sends it; openid-client checks it, so every field is optional text. */
export const providerCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
});

/** GET /auth/oauth/pending: the identity waiting for a profile (new person) or a password (existing email). */
export const pendingSignInSchema = z
  .object({
    provider: z.enum(SIGN_IN_PROVIDERS),
    next: z.enum(['complete-profile', 'link-password']),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  })
  .meta({ id: 'PendingSignIn' });
export const pendingSignInResponseSchema = z.object({ pending: pendingSignInSchema });

/** POST /auth/oauth/complete: the student profile a new person gives (the email is the provider's verified one). */
export const completeProviderSignUpSchema = body({
  firstName: firstName(),
  lastName: lastName(),
  studentNumber: studentNumber(),
  university: university(),
  userType: userType(),
});
export type CompleteProviderSignUpBody = z.output<typeof completeProviderSignUpSchema>;

/** POST /auth/oauth/link: the existing account's password, which links the provider to it. */
export const linkProviderSchema = body({
  password: loginPassword(),
});
export type LinkProviderBody = z.output<typeof linkProviderSchema>;

/** GET /auth/identities: the providers linked to the signed-in student, and whether they have a password. */
export const linkedIdentitySchema = z
  .object({ provider: z.enum(SIGN_IN_PROVIDERS), email: z.string().nullable(), linkedAt: z.string() })
  .meta({ id: 'LinkedIdentity' });
export const identitiesResponseSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  hasPassword: z.boolean(),
});
export type IdentitiesResponse = z.output<typeof identitiesResponseSchema>;
export type LinkedIdentity = z.output<typeof linkedIdentitySchema>;
export type PendingSignIn = z.output<typeof pendingSignInSchema>;
