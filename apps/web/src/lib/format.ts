// Money and dates for display, in en-ZA; the rules live in @reshelf/shared so server mail and the app agree.
export { formatRand, formatDate } from '@reshelf/shared';
