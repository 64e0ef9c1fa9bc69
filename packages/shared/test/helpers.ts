// Test helper: the message a form would toast (the first issue) for a payload, or 'ok'.
import type { z } from 'zod';
import { firstIssueMessage } from '../src/index';

export function firstMessage(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'ok' : firstIssueMessage(result.error);
}
