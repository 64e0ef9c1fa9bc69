// Privacy Policy: what Reshelf stores, why, for how long, how to delete an account, POPIA rights.
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { SupportEmailLink } from '../../../components/support-email-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHero } from '../components/section';

const SECTIONS: ReadonlyArray<{ id: string; title: string; body: ReactNode }> = [
  {
    id: 'what',
    title: 'What we store',
    body: (
      <ul className="list-disc space-y-2 pl-5">
        <li>
          <strong>Your account:</strong> first and last name, email address, student number, university, whether you buy
          or sell, and your password as a one-way hash (we never see or store the password itself).
        </li>
        <li>
          <strong>Academic details</strong> you choose to add: faculty, department, year of study and semester.
        </li>
        <li>
          <strong>Listings:</strong> book details, price and photos. Photos are re-encoded when you upload them, which
          removes hidden metadata such as the GPS location of your phone.
        </li>
        <li>
          <strong>Exchanges:</strong> orders, agreed meetup places and times, messages between buyer and seller, and
          ratings.
        </li>
        <li>
          <strong>Messages to us</strong> through the contact form, and your email address if you subscribe to the
          newsletter.
        </li>
        <li>
          <strong>Technical data:</strong> a session cookie that keeps you logged in, and short-lived server logs used to
          keep the service secure. We do not use advertising or tracking cookies.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we store it',
    body: 'To run the marketplace: to show your listings to students at your university, to let a buyer and seller agree on a meetup, to review listings, to answer support requests, to prevent fraud and abuse, and to send you the emails you asked for. We never sell your personal information.',
  },
  {
    id: 'device',
    title: 'What stays on your device',
    body: 'Your browser keeps a few non-secret settings: your profile details for faster loading, your chosen avatar style, an unfinished listing draft, and when you last saw our welcome popup. Clearing your browser data removes them.',
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: 'Your account data is kept while your account is open. Sessions end after 30 days without use, and password reset links expire after one hour. When you delete your account we erase your profile, sessions, unsold listings and their photos; in completed orders that the other student still needs for their records, your name is removed.',
  },
  {
    id: 'delete',
    title: 'How to delete your account',
    body: 'Log in, open Settings, choose the Security & Privacy tab and use Delete account in the Danger Zone. You confirm with your password, and the deletion happens at once. To unsubscribe from the newsletter, write to us.',
  },
  {
    id: 'popia',
    title: 'Your rights under POPIA',
    body: "Under South Africa's Protection of Personal Information Act you may ask what personal information we hold about you, have it corrected or deleted, object to its use, and withdraw consent for the newsletter at any time. If you are unhappy with our answer you may complain to the Information Regulator.",
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: 'Other students see only what they need: your first name, university and rating on a listing, and the meetup details of your own orders. We use service providers to send email and, where configured, the newsletter; they process data only on our instructions.',
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <>
        Questions or requests about your data: email{' '}
        <SupportEmailLink className="underline" />{' '}
        or use our{' '}
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          contact form
        </Link>
        . We answer within 72 hours.
      </>
    ),
  },
];

export function PrivacyPage() {
  usePageTitle('Privacy Policy', 'What Reshelf stores about you, why, for how long, how to delete your account, and your rights under POPIA.');
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy Policy" intro="Short and plain: what we keep about you, and how you stay in control." />
      <div className="mx-auto max-w-3xl space-y-10 px-4 pb-20 sm:px-6">
        {SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={`privacy-${section.id}`}>
            <h2 id={`privacy-${section.id}`} className="text-xl font-bold">
              {section.title}
            </h2>
            <div className="mt-3 text-ink-600">{section.body}</div>
          </section>
        ))}
      </div>
    </>
  );
}
