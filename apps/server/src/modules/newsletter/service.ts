// Newsletter: every subscriber is stored here first; when BREVO_API_KEY is set each one is also upserted
// in the provider's v3 API. A provider failure never loses a subscription: it is retried with backoff.
import { LIMITS, NEWSLETTER_SOURCE } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import * as repo from './repository.ts';

const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 720];
const MAX_ATTEMPTS = 12;

export interface NewsletterProvider {
  upsertContact(contact: { email: string; listId: number; signupDate: string; source: string }): Promise<void>;
}

export function brevoProvider(apiKey: string, baseUrl = 'https://api.brevo.com/v3'): NewsletterProvider {
  return {
    async upsertContact(c) {
      const res = await fetch(`${baseUrl}/contacts`, {
        method: 'POST',
        headers: { 'api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          email: c.email,
          listIds: [c.listId],
          updateEnabled: true,
          attributes: { SIGNUP_DATE: c.signupDate, SOURCE: c.source },
        }),
        signal: AbortSignal.timeout(LIMITS.newsletterTimeoutMs),
      });
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        throw new Error(`newsletter provider answered ${res.status}: ${text.slice(0, 200)}`);
      }
    },
  };
}

export function createNewsletterService(ctx: AppContext, provider: NewsletterProvider | undefined) {
  const { db, clock } = ctx;
  const syncOne = async (row: { email: string; list_id: number; signup_date: string; source: string; sync_attempts: number }) => {
    if (!provider) return;
    try {
      await provider.upsertContact({ email: row.email, listId: row.list_id, signupDate: row.signup_date, source: row.source });
      await repo.markSynced(db, row.email, iso(clock.now()));
    } catch (err) {
      const attempts = row.sync_attempts + 1;
      const wait = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)]! * 60_000;
      const next = attempts >= MAX_ATTEMPTS ? null : iso(new Date(clock.now().getTime() + wait));
      await repo.markSyncFailed(db, row.email, attempts, next);
      throw err;
    }
  };

  return {
    async subscribe(email: string): Promise<void> {
      const now = iso(clock.now());
      await repo.upsertSubscriber(db, { email, list_id: LIMITS.newsletterListId, source: NEWSLETTER_SOURCE, now });
    },
    /** Pushes the subscriber to the provider now; failures stay queued for syncDue. */
    async syncNow(email: string): Promise<void> {
      const row = await repo.findSubscriber(db, email);
      if (row) await syncOne(row);
    },
    /** Retries every subscriber whose sync is due; returns how many went through. */
    async syncDue(limit = 100): Promise<number> {
      if (!provider) return 0;
      let ok = 0;
      for (const row of await repo.dueForSync(db, iso(clock.now()), limit)) {
        try {
          await syncOne(row);
          ok += 1;
        } catch {
          // already rescheduled
        }
      }
      return ok;
    },
    hasProvider: Boolean(provider),
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
