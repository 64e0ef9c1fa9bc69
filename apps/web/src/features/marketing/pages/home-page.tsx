// The landing page: hero with a search box into the catalogue, How It Works,
// Why Choose, featured universities (each a way into its books), figures, the AI tutor, FAQ and the
// promo popup.
import { Link } from 'react-router';
import {
  ArrowRight,
  BadgeCheck,
  Bot,
  GraduationCap,
  Handshake,
  Leaf,
  MapPin,
  MessageCircle,
  PiggyBank,
  Search,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { FEATURED_UNIVERSITIES } from '@reshelf/shared';
import { ButtonLink } from '../../../components/ui/button';
import { keepRangesTogether } from '../../../components/ui/range-text';
import { areaPath, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { FaqAccordion } from '../components/faq-accordion';
import { HeroSearch } from '../components/hero-search';
import { PromoPopup } from '../components/promo-popup';
import { FigureRow, Section } from '../components/section';
import { FAQ, HOW_IT_WORKS, LANDING_FIGURES, WHY_CHOOSE } from '../content';

const STEP_ICONS = [Search, ShieldCheck, Handshake] as const;
const REASON_ICONS = [PiggyBank, GraduationCap, BadgeCheck, MapPin, Leaf, Users] as const;

/** The short names students use for their campuses. */
const SHORT_NAMES: Record<string, string> = {
  wits: 'Wits',
  uj: 'UJ',
  up: 'UP',
  uct: 'UCT',
  sun: 'SU',
  ukzn: 'UKZN',
  ru: 'RU',
  uwc: 'UWC',
  nmu: 'NMU',
  ufs: 'UFS',
};

export function HomePage() {
  const { student } = useSession();
  // Visitors sign up to sell (the hero's Sell Now!); a signed-in student goes straight to listing a book (a
  // buyer is offered selling there first), and an admin to their own area.
  const sellPath = student ? (student.role === 'admin' ? areaPath(student.role) : '/seller/sell') : '/signup';
  usePageTitle(
    null,
    'Buy and sell second-hand university textbooks with students on your campus. Save up to 70%, meet on campus, trade safely. Reshelf is made for South African students.',
  );
  return (
    <>
      {/* Hero */}
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div aria-hidden="true" className="absolute -top-32 -left-32 h-96 w-96 rounded-full bg-brand-100/60 blur-3xl" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:pt-20 lg:pb-24">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-soft ring-1 ring-brand-100">
              <GraduationCap aria-hidden="true" size={16} />
              For South African university students
            </p>
            <h1 id="hero-title" className="mt-6 text-3xl font-extrabold tracking-tight sm:text-display">
              Your next textbook is on <span className="text-brand-700">someone&rsquo;s shelf</span>
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg text-ink-600 lg:mx-0">
              Find textbooks from your university, save up to 70% on textbook costs and list your books in minutes.
              Meet on campus, check the book, done.
            </p>
            <div className="mt-8">
              <HeroSearch />
              <p className="mt-3 text-sm text-ink-600">
                Or{' '}
                <Link to="/books" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                  browse all books
                </Link>{' '}
                and{' '}
                <Link to="/packages" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                  textbook packages
                </Link>
                , no account needed.
              </p>
            </div>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <ButtonLink to={sellPath} size="lg">
                Sell Now!
                <ArrowRight aria-hidden="true" size={20} />
              </ButtonLink>
              <ButtonLink to="/about" size="lg" variant="outline">
                {/* The product's label; the hidden words tell screen readers and search engines where it goes. */}
                Learn More<span className="sr-only"> about Reshelf</span>
              </ButtonLink>
            </div>
          </div>
          <div className="mx-auto w-full max-w-xs sm:max-w-md lg:max-w-lg">
            <img
              src="/hero-books.svg"
              alt="A shelf of colourful textbooks with a 70% off price tag and a campus map pin"
              width={560}
              height={460}
              fetchPriority="high"
              className="h-auto w-full"
            />
          </div>
        </div>
        <div className="relative mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
          <FigureRow figures={LANDING_FIGURES} />
        </div>
      </section>

      <Section id="how-it-works" eyebrow="How It Works" title="Three steps from shelf to student" tone="tint">
        <ol className="grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map((step, index) => {
            const Icon = STEP_ICONS[index] ?? Search;
            return (
              <li key={step.title} className="relative rounded-card bg-white p-7 shadow-soft ring-1 ring-ink-200/70">
                <span aria-hidden="true" className="absolute top-6 right-6 text-4xl font-extrabold text-brand-100">
                  {index + 1}
                </span>
                <div aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-xl bg-brand-600 text-white">
                  <Icon size={24} />
                </div>
                <h3 className="mt-5 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 text-ink-600">{keepRangesTogether(step.text)}</p>
              </li>
            );
          })}
        </ol>
      </Section>

      <Section id="why-choose" eyebrow="Why Choose Reshelf" title="Made for the way students really buy books">
        <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {WHY_CHOOSE.map((reason, index) => {
            const Icon = REASON_ICONS[index] ?? BadgeCheck;
            return (
              <li key={reason.title} className="flex gap-4">
                <div aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                  <Icon size={22} />
                </div>
                <div>
                  <h3 className="font-bold">{reason.title}</h3>
                  <p className="mt-1 text-ink-600">{keepRangesTogether(reason.text)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        id="universities"
        eyebrow="Featured Universities"
        title="Students trade textbooks at these campuses"
        intro="Choose a campus to see its books. Once you are signed in, the catalogue opens on listings from your own university first."
        tone="tint"
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURED_UNIVERSITIES.map((university) => (
            <li key={university.id} className="flex">
              <Link
                to={`/books?university=${university.id}`}
                className="flex w-full items-center gap-4 rounded-2xl bg-white p-4 shadow-soft ring-1 ring-ink-200/70 transition-shadow hover:shadow-lift hover:ring-brand-300"
              >
                <span aria-hidden="true" className="grid h-11 w-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-xs font-extrabold text-brand-800">
                  {SHORT_NAMES[university.id] ?? university.id.toUpperCase()}
                </span>
                <span className="min-w-0 flex-1 font-semibold text-ink-800">
                  <span className="sr-only">Books at</span> {university.name}
                </span>
                <ArrowRight aria-hidden="true" size={18} className="shrink-0 text-brand-700" />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="ai-tutor-title" className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-brand-50 px-6 py-10 text-center ring-1 ring-brand-100 sm:px-10 md:flex-row md:text-left">
          <div aria-hidden="true" className="grid h-16 w-16 shrink-0 place-items-center rounded-2xl bg-brand-600 text-white">
            <Bot size={32} />
          </div>
          <div className="min-w-0 flex-1">
            <h2 id="ai-tutor-title" className="text-xl font-extrabold sm:text-2xl">
              Got the book? Meet your AI tutor
            </h2>
            <p className="mt-2 text-ink-600">Multi-lingual, adaptive learning and 24/7 availability, for when a chapter will not make sense at 2 am.</p>
          </div>
          <ButtonLink to="/ai-tutor" variant="outline" className="shrink-0">
            Meet the AI Tutor
            <ArrowRight aria-hidden="true" size={18} />
          </ButtonLink>
        </div>
      </section>

      <Section id="faq" eyebrow="FAQ" title="Questions students ask us">
        <div className="mx-auto max-w-3xl">
          <FaqAccordion items={FAQ} />
          <p className="mt-8 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-ink-600">
            <MessageCircle aria-hidden="true" size={20} className="text-brand-700" />
            Still have a question?
            <Link to="/contact" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Contact our support team
            </Link>
          </p>
        </div>
      </Section>

      <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-title" className="text-2xl font-extrabold text-white sm:text-3xl">
            Got books gathering dust?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">
            Turn last semester&rsquo;s textbooks into cash, and help a first-year save on theirs.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {student ? (
              <ButtonLink to={sellPath} size="lg" variant="soft">
                {student.role === 'seller' ? 'List a book' : 'Go to your dashboard'}
              </ButtonLink>
            ) : (
              <ButtonLink to="/signup" size="lg" variant="soft">
                Join Reshelf
              </ButtonLink>
            )}
          </div>
        </div>
      </section>

      {/* The popup invites visitors to sign up; a signed-in student has. */}
      {!student && <PromoPopup />}
    </>
  );
}
