// The product's name and footer tagline, kept in one place so a rename touches one file.
export const PRODUCT_NAME = 'Reshelf';

export const PRODUCT_TAGLINE =
  'A trusted platform for university textbook exchange that makes education more affordable and sustainable.';

/** A page's document title (and og:title): its own title, then the product's name. Here, beside the name and
 *  away from the listing descriptions of share.ts, so every page's title helper loads nothing else. */
export const pageTitle = (title: string) => `${title} | ${PRODUCT_NAME}`;
