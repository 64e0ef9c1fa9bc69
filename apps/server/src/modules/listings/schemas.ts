// Query and path schemas the listing and moderation routes share.
import { z } from 'zod';

const PAGE_MESSAGE = 'page must be a whole number of at least 1';
const PAGE_SIZE_MESSAGE = 'pageSize must be a whole number from 1 to 100';

/** page (1-based) and pageSize (default 20, at most 100) of the owner and moderation lists. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).default(1),
  pageSize: z.coerce.number({ error: PAGE_SIZE_MESSAGE }).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE).max(100, PAGE_SIZE_MESSAGE).default(20),
});

export const bookIdParams = z.object({ id: z.string().min(1).max(100) });
