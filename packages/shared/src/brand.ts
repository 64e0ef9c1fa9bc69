// The product's name and footer tagline, kept in one place so a rename touches one file.
export const PRODUCT_NAME = 'Reshelf';

/**
 * Where students write to the team, unless a deployment sets its own (the server's SUPPORT_EMAIL, which the
 * contact form's messages go to and which the server writes into every page it serves: `SUPPORT_EMAIL_META`).
 */
export const SUPPORT_EMAIL = 'support@reshelf.co.za';

/** The name of the page's <meta> that carries the deployment's support address. */
export const SUPPORT_EMAIL_META = 'reshelf:support-email';

export const PRODUCT_TAGLINE =
  'A trusted platform for university textbook exchange that makes education more affordable and sustainable.';

/** A page's document title (and og:title): its own title, then the product's name. Here, beside the name and
 *  away from the listing descriptions of share.ts, so every page's title helper loads nothing else. */
export const pageTitle = (title: string) => `${title} | ${PRODUCT_NAME}`;
