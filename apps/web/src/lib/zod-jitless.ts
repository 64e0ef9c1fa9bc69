// zod as the browser build sees it: vite.config.ts resolves every `from 'zod'` (the shared schemas, the
// form resolver) to this module, which switches zod to jitless before anything can parse. zod would
// otherwise probe for `new Function` on the first object parse; the CSP (script-src 'self') forbids it
// and logs a violation. Doing it here rather than in main.tsx keeps zod out of the first page load: it
// arrives with the first page that validates something.
import { config } from 'zod/v4/core';

export * from 'zod/v4';
export { default } from 'zod/v4';

config({ jitless: true });
