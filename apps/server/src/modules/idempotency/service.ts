// Idempotency-Key for requests that create something (an order, a listing): the first request with a key
// does the work and its answer is stored; a retry with the same key gets that answer back instead of
// creating a second one. Keys belong to the student who sent them and are kept for 24 hours.
import { createHash } from 'node:crypto';
import { MESSAGES, idempotencyKeyTooLong } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, unprocessable } from '../../lib/errors.ts';
import * as repo from './repository.ts';

const HOUR = 3_600_000;
export const MAX_KEY_LENGTH = 200;

export interface IdempotentRequest<T> {
  studentId: string;
  /** The Idempotency-Key header; without one the request simply runs. */
  key: string | undefined;
  /**
   * What the request asks for, hashed to tell a retry from a different request reusing the key. Keys of
   * all routes share one table, so a route other than orders names itself here (a `route` field): the
   * same key sent to another route then hashes differently and is refused as a mismatch.
   */
  request: unknown;
  /**
   * Whether a refusal (4xx) is stored as the key's answer (orders: a retry hears the same refusal), or
   * frees the key so a corrected retry with it can succeed.
   */
  keepRefusals: boolean;
  run: () => Promise<T>;
}

export function createIdempotency(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = ctx;

  return {
    async handle<T>(req: IdempotentRequest<T>): Promise<{ statusCode: number; body: unknown }> {
      const { studentId, key } = req;
      if (!key) return { statusCode: 201, body: await req.run() };
      if (key.length > MAX_KEY_LENGTH) throw badRequest(idempotencyKeyTooLong(MAX_KEY_LENGTH));
      const requestHash = createHash('sha256').update(JSON.stringify(req.request)).digest('hex');
      const claimed = await repo.claimKey(db, { student_id: studentId, key, request_hash: requestHash, created_at: iso(clock.now()) });
      if (!claimed) {
        const existing = await repo.findKey(db, studentId, key);
        if (existing && existing.request_hash !== requestHash) {
          throw unprocessable(MESSAGES.idempotencyKeyReused, 'IDEMPOTENCY_MISMATCH');
        }
        if (existing?.status_code) return { statusCode: existing.status_code, body: JSON.parse(existing.response_body ?? 'null') };
        throw conflict(MESSAGES.idempotencyKeyBusy, 'IDEMPOTENCY_IN_PROGRESS');
      }
      try {
        const body = await req.run();
        await repo.completeKey(db, studentId, key, 201, JSON.stringify(body));
        return { statusCode: 201, body };
      } catch (err) {
        if (req.keepRefusals && err instanceof AppError && err.statusCode < 500) {
          const body: Record<string, unknown> = { error: err.message, code: err.code };
          await repo.completeKey(db, studentId, key, err.statusCode, JSON.stringify(body));
        } else {
          await repo.releaseKey(db, studentId, key);
        }
        throw err;
      }
    },

    prune: () => repo.deleteKeysBefore(db, iso(new Date(clock.now().getTime() - 24 * HOUR))),

    /** Forgets stored answers that quote this student (their account is being erased), inside `trx`. */
    forgetAnswersQuoting: (trx: Db, studentId: string) => repo.deleteAnswersQuoting(trx, studentId),
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
