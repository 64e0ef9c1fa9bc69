// The product's name and footer tagline, kept in one place so a rename touches one file.
export const PRODUCT_NAME = 'Reshelf';

export const PRODUCT_TAGLINE =
  'A trusted platform for university textbook exchange that makes education more affordable and sustainable.';
