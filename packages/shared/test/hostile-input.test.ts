import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptOrderSchema,
  catalogueQuerySchema,
  changePasswordSchema,
  contactSchema,
  createOrderSchema,
  declineListingSchema,
  deleteAccountSchema,
  facultySchema,
  firstIssueMessage,
  listingEditSchema,
  listingSchema,
  loginSchema,
  messageSchema,
  newsletterSchema,
  reasonSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  reviewSchema,
  signupFormSchema,
} from '../src/index';

const schemas: Record<string, z.ZodObject | z.ZodType> = {
  signupFormSchema,
  registerSchema,
  loginSchema,
  resetRequestSchema,
  resetConfirmSchema,
  changePasswordSchema,
  deleteAccountSchema,
  contactSchema,
  newsletterSchema,
  facultySchema,
  listingSchema,
  listingEditSchema,
  createOrderSchema,
  acceptOrderSchema,
  reasonSchema,
  reviewSchema,
  messageSchema,
  declineListingSchema,
  catalogueQuerySchema,
};

const hostileValues: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  1e308,
  '',
  ' ',
  '\u0000',
  // Text that shows as something else, or breaks a mail header (text rule; see text-rule.test.ts).
  '\u202Egnp.exe',
  '\u200B',
  'Thandi\r\nBcc: mallory@evil.test',
  '\uD800',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  'x'.repeat(100_000),
  '🎉'.repeat(1000),
  [],
  ['a', 'b'],
  {},
  { $ne: null },
  JSON.parse('{"__proto__": {"polluted": true}}'),
];

const fieldsOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : ['q', 'category', 'minPrice', 'page', 'pageSize', 'sort'];
};

describe('hostile input', () => {
  it('never throws and always explains a refusal', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      const bodies: unknown[] = [...hostileValues];
      for (const field of fieldsOf(schema)) for (const value of hostileValues) bodies.push({ [field]: value });
      for (const candidate of bodies) {
        const result = schema.safeParse(candidate);
        if (!result.success) {
          expect(firstIssueMessage(result.error), name).toMatch(/\S/);
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
