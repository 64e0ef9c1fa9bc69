// POST /newsletter and the footer form: a valid address at a university or Gmail/iCloud domain.
import type { z } from 'zod';
import { NEWSLETTER_ALLOWED_DOMAINS } from '../constants';
import { MESSAGES } from '../messages';
import { body, emailField } from './common';

/** True when `domain` is an allowed entry or a sub-domain of one ('students.wits.ac.za'). */
export function isAllowedNewsletterDomain(domain: string): boolean {
  const host = domain.trim().toLowerCase();
  return NEWSLETTER_ALLOWED_DOMAINS.some((entry) => host === entry || host.endsWith(`.${entry}`));
}

export const newsletterSchema = body({
  email: emailField({ invalid: MESSAGES.newsletterInvalidEmail }).refine(
    (email) => isAllowedNewsletterDomain(email.slice(email.lastIndexOf('@') + 1)),
    MESSAGES.newsletterDomain,
  ),
});
export type NewsletterBody = z.output<typeof newsletterSchema>;
