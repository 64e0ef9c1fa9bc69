// Query and path schemas the listing and moderation routes share.
import { z } from 'zod';

export const bookIdParams = z.object({ id: z.string().min(1).max(100) });
