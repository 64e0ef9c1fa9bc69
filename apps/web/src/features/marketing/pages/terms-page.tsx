// Terms of Service: 16 numbered sections and a last-updated line with the current date.
import { Link } from 'react-router';
import { SupportEmailLink } from '../../../components/support-email-link';
import { keepRangesTogether } from '../../../components/ui/range-text';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHero } from '../components/section';
import type { ReactNode } from 'react';

interface TermsSection {
  title: string;
  body: ReactNode;
}

const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    title: 'About these terms',
    body: 'These terms apply to everyone who uses Reshelf, the marketplace where South African university students buy and sell second-hand textbooks. By creating an account or using the site you agree to them.',
  },
  {
    title: 'Who may use Reshelf',
    body: 'Reshelf is for registered university students. You must give your real name, a valid student number and an email address you can read, keep your password to yourself and hold only one account.',
  },
  {
    title: 'Exchanges are between students',
    body: 'Every sale is an agreement between the buying and the selling student. Reshelf connects you and provides the tools to agree on a meetup, but is not the seller, the buyer or an agent of either.',
  },
  {
    title: 'Listing a book',
    body: 'Only list books that you own and have in your hands. Describe the title, edition, ISBN and condition honestly, and use your own photos of the actual copy you are selling.',
  },
  {
    title: 'Moderation of listings',
    body: 'Our team reviews every new or edited listing before it becomes visible. We may decline, hide or remove a listing that breaks these terms or looks misleading, and we tell the seller why.',
  },
  {
    title: 'Prices',
    body: 'Sellers set their own prices in rand (ZAR). As a guide, used books sell for 40-60% of the original price depending on their condition and edition.',
  },
  {
    title: 'Meetups on campus',
    body: 'Exchanges take place in person, at a busy public place on campus such as a library entrance or student centre, during the day. Never meet at a private address, and bring a friend if you prefer.',
  },
  {
    title: 'Payment',
    body: 'The buyer pays the seller directly when they meet, after checking the book. Reshelf does not hold or handle money for exchanges between students. Never share banking passwords, PINs or one-time PINs.',
  },
  {
    title: 'Refund claims within 48 hours',
    body: 'If a book is materially different from its listing, the buyer must raise a claim with Reshelf support within 48 hours of purchase, with the order details and photos. Claims made later cannot be considered.',
  },
  {
    title: 'No direct refunds',
    body: 'Because Reshelf does not receive the purchase price, Reshelf does not pay refunds directly. We help the two students resolve a valid claim, for example by returning the book for the money paid.',
  },
  {
    title: 'Store credit',
    body: 'In exceptional cases, and only at our discretion, Reshelf may offer store credit towards a textbook package. Store credit has no cash value and cannot be transferred.',
  },
  {
    title: 'What is not allowed',
    body: 'No pirated, photocopied or illegally reproduced books, no items other than study materials, no fake listings or reviews, and no harassment, discrimination or threats towards other students or our team.',
  },
  {
    title: 'Your content',
    body: 'You keep the rights to the photos and text you upload. You allow Reshelf to show them on the site for as long as the listing is active, and to resize them and remove hidden location data.',
  },
  {
    title: 'Privacy',
    body: (
      <>
        How we handle your personal information is explained in our{' '}
        <Link to="/privacy" className="font-semibold text-brand-700 underline">
          Privacy Policy
        </Link>
        , in line with the Protection of Personal Information Act (POPIA).
      </>
    ),
  },
  {
    title: 'Suspension and liability',
    body: 'We may suspend or close accounts that break these terms. Reshelf is provided as is; to the extent the law allows, we are not liable for the condition of books or the conduct of students, which remain the responsibility of the parties to an exchange.',
  },
  {
    title: 'Changes and contact',
    body: (
      <>
        We may update these terms and will show the date of the latest version on this page. South African law applies.
        Questions? Write to{' '}
        <SupportEmailLink className="underline" />{' '}
        or use our{' '}
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          contact form
        </Link>
        .
      </>
    ),
  },
];

export function TermsPage() {
  usePageTitle('Terms of Service', 'The rules for buying and selling textbooks on Reshelf: exchanges between students, moderation, meetups and refund claims.');
  const today = formatDate(new Date());
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms of Service" intro="Plain rules for a fair, safe marketplace between students.">
        <p className="mt-4 text-sm font-medium text-ink-600">Last updated: {today}</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <ol className="space-y-8">
          {TERMS_SECTIONS.map((section, index) => (
            <li key={section.title} className="flex gap-4">
              <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-800">
                {index + 1}
              </span>
              <section aria-labelledby={`terms-${index + 1}`}>
                <h2 id={`terms-${index + 1}`} className="text-lg font-bold">
                  <span className="sr-only">{index + 1}. </span>
                  {section.title}
                </h2>
                <p className="mt-2 text-ink-600">{keepRangesTogether(section.body)}</p>
              </section>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
