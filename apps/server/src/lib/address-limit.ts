// Per-address ceilings for the public forms, checked as a request arrives, before its body is read or
// validated. They stay generous: many students share one campus NAT address.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { MESSAGES } from '@reshelf/shared';
import { tooManyRequests } from './errors.ts';
import type { LimitRule } from './rate-limiter.ts';

export function limitByAddress(app: FastifyInstance, name: string, rule: LimitRule): onRequestHookHandler {
  const limit = app.ctx.limiter.limit(`ip:${name}`, rule);
  return async (request) => {
    const verdict = await limit.take(request.ip);
    if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
  };
}
