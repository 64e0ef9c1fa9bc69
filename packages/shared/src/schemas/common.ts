// Building blocks for the payload schemas: fields whose missing, empty and wrong-typed values each get
// the message the UI shows, plus helpers that turn a ZodError into the API's `error` and `fields`.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { hiddenCharacters, MESSAGES, oneLineOnly } from '../messages';
import { cleanLines, lineProblem, normaliseText } from '../text';

/** JSON null counts as missing: a client that sends `"email": null` left the field out. */
export function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

/**
 * How a text field's value is cleaned (text.ts; docs/decisions/0011-text-normalisation.md). Every text
 * field picks one, so none is left out of the rule by accident.
 * - `line(label)`: one line people read as a name, place or title. NFC; a line break or hidden character
 *   is refused with a message naming the field, since it is short, typed rather than pasted, and the
 *   person should see and fix what would be stored rather than have it changed behind their back.
 * - `prose`: several lines, often pasted from a chat or a document that brings invisible characters
 *   along. NFC, line breaks as "\n"; hidden characters are removed, since the reader could never see them
 *   and the writer could not find them to fix a refusal.
 * - `token`: an id or secret that is looked up, never shown; trimmed only, compared as sent.
 */
export type TextRule = { kind: 'line'; label: string } | { kind: 'prose' } | { kind: 'token' };

export const line = (label: string): TextRule => ({ kind: 'line', label });
export const prose: TextRule = { kind: 'prose' };
export const token: TextRule = { kind: 'token' };

/** `schema` (a plain string) cleaned and trimmed under `rule`; length checks chained after see the result. */
export function textRule(schema: z.ZodString, rule: TextRule): z.ZodString {
  if (rule.kind === 'token') return schema.trim();
  if (rule.kind === 'prose') return schema.overwrite(cleanLines).trim();
  const { label } = rule;
  return schema
    .overwrite(normaliseText)
    .trim()
    .check((payload) => {
      const problem = lineProblem(payload.value);
      if (!problem) return;
      payload.issues.push({
        code: 'custom',
        message: problem === 'lineBreak' ? oneLineOnly(label) : hiddenCharacters(label),
        input: payload.value,
        // Its own message first: "too long" or "may only contain" would not say what to fix.
        continue: false,
      });
    });
}

interface TextOptions {
  /** How the value is cleaned: `line(label)`, `prose` or `token`. */
  text: TextRule;
  /** Message when the field is absent, null or blank after trimming. */
  required: string;
  /** Message when the field is not a string (defaults to the required message). */
  invalid?: string;
  max?: number;
  maxMessage?: string;
}

/** A required string, cleaned under its text rule and trimmed. */
export function requiredText({ text, required, invalid, max, maxMessage }: TextOptions) {
  const base = textRule(z.string({ error: (issue) => (isMissing(issue.input) ? required : (invalid ?? required)) }), text).min(1, {
    error: required,
    abort: true,
  });
  return max === undefined ? base : base.max(max, maxMessage ?? `Must be at most ${max} characters`);
}

/**
 * An optional string, cleaned under its text rule and trimmed: absent, null and blank all become
 * undefined, so a cleared form field and a field left out mean the same thing.
 */
export function optionalText(text: TextRule, max: number, maxMessage: string, invalid = 'Must be text') {
  return textRule(z.string({ error: invalid }), text)
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

/** Up to LIMITS.priceMaxIntegerDigits digits before the decimal point and LIMITS.priceDecimals after it. */
const RAND_PATTERN = new RegExp(`^\\d{1,${LIMITS.priceMaxIntegerDigits}}(\\.\\d{1,${LIMITS.priceDecimals}})?$`);

/**
 * An amount in rand as a listing's price is held: a JSON number above R0 with at most 6 digits before the
 * decimal point and 2 after it. Every price a student or an admin enters (a listing's, an edition's new
 * price, a wishlist's most) follows this one rule, each field with its own messages.
 */
export function randField(messages: NumberOptions & { positive: string; digits: string }) {
  return numberInput(messages).pipe(
    z
      .number()
      .positive({ error: messages.positive, abort: true })
      .refine((price) => RAND_PATTERN.test(String(price)), messages.digits),
  );
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

/** One failed rule of a schema: where (the path into the input) and what to tell the person. */
export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first message per top-level field, for the API's `fields` and for inline form errors: the one
 * place a schema's issues become field messages, on the server (its validation errors) and in the web's
 * forms alike. Takes a ZodError, or any list of issues shaped like its own.
 */
export function fieldErrors(error: { issues: readonly ValidationIssue[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (key === undefined || key === '') continue;
    const name = String(key);
    if (!(name in fields)) fields[name] = issue.message;
  }
  return fields;
}

/** An object body; anything else (an array, a string, null) is 'Invalid input data'. */
export function body<const Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: MESSAGES.invalidInput });
}
