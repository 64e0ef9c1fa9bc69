// Building blocks for the payload schemas: fields whose missing, empty and wrong-typed values each get
// the message the UI shows, plus helpers that turn a ZodError into the API's `error` and `fields`.
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** JSON null counts as missing: a client that sends `"email": null` left the field out. */
export function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

interface TextOptions {
  /** Message when the field is absent, null or blank after trimming. */
  required: string;
  /** Message when the field is not a string (defaults to the required message). */
  invalid?: string;
  max?: number;
  maxMessage?: string;
}

/** A required, trimmed string. */
export function requiredText({ required, invalid, max, maxMessage }: TextOptions) {
  const base = z
    .string({ error: (issue) => (isMissing(issue.input) ? required : (invalid ?? required)) })
    .trim()
    .min(1, { error: required, abort: true });
  return max === undefined ? base : base.max(max, maxMessage ?? `Must be at most ${max} characters`);
}

/**
 * An optional trimmed string: absent, null and blank all become undefined, so a cleared form field
 * and a field left out mean the same thing.
 */
export function optionalText(max: number, maxMessage: string, invalid = 'Must be text') {
  return z
    .string({ error: invalid })
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/** One value of a fixed list; a missing or empty choice gets `required`, anything else `invalid`. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid = required) {
  return z.enum(values, {
    error: (issue) => (isMissing(issue.input) || issue.input === '' ? required : invalid),
  });
}

interface EmailOptions {
  required?: string;
  invalid?: string;
}

/** An email address, trimmed and lower-cased the way every endpoint stores and compares it. */
export function emailField({ required = MESSAGES.emailRequired, invalid = MESSAGES.invalidEmail }: EmailOptions = {}) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid, abort: true })
    .regex(z.regexes.email, invalid);
}

interface NumberOptions {
  required: string;
  invalid: string;
}

/**
 * A number field of a JSON body: a JSON number and nothing else. Text such as "100" is refused with
 * `invalid`, as the API's contract says (a client sending text has a bug it should hear about). A form
 * holds its fields as text: `withNumbersFromText` turns them into numbers before this runs.
 */
export function numberInput({ required, invalid }: NumberOptions) {
  return z.number({ error: (issue) => (isMissing(issue.input) ? required : invalid) });
}

/**
 * A form field's text as the API's number: blank is missing, a plain decimal ('450.50', '12.') is its
 * number, and anything else stays text so the field's schema refuses it with its own message.
 */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : value;
}

/** `schema` for a form that holds `fields` as text: they become numbers (numberFromText) before it runs. */
export function withNumbersFromText<S extends z.ZodType>(schema: S, fields: readonly string[]) {
  return z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const numbers: Record<string, unknown> = { ...value };
    for (const field of fields) if (Object.hasOwn(numbers, field)) numbers[field] = numberFromText(numbers[field]);
    return numbers;
  }, schema);
}

/** The first issue's message: what the UI toasts and what the API puts in `error`. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.invalidInput;
}

/** The first message per top-level field, for the API's `fields` and for inline form errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (key === undefined) continue;
    const name = String(key);
    if (!(name in fields)) fields[name] = issue.message;
  }
  return fields;
}

/** An object body; anything else (an array, a string, null) is 'Invalid input data'. */
export function body<const Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: MESSAGES.invalidInput });
}
