// The login form's validation, loaded when the form is first used (or submitted): zod and the shared
// schemas stay out of the login page's first load, as they do for the newsletter form.
export { loginSchema } from '@reshelf/shared';
