// The newsletter's validation, loaded on first submit so the zod schemas stay out of the landing page's JS.
export { newsletterSchema } from '@reshelf/shared';
