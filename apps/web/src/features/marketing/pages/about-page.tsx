// About Us: figures, mission, the journey so far and a Get Started button.
import { ArrowRight, Heart, Leaf, PiggyBank, Rocket } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';
import { FigureRow, PageHero, Section } from '../components/section';
import { ABOUT_FIGURES } from '../content';

const VALUES = [
  { icon: PiggyBank, title: 'Affordable', text: 'Textbooks should not cost more than a month of rent. Buying second-hand from a fellow student fixes that.' },
  { icon: Heart, title: 'Student to student', text: 'No middlemen: the money goes to the student who owned the book, and the book to the one who needs it.' },
  { icon: Leaf, title: 'Sustainable', text: 'A book that is read by five students instead of one saves paper, ink and transport.' },
] as const;

const JOURNEY = [
  {
    when: 'Early 2024',
    title: 'A problem every student knows',
    text: 'A group of Johannesburg students added up what they had spent on textbooks they used for a single semester, and decided there had to be a better way.',
  },
  {
    when: '2024',
    title: 'Launch at our first university',
    text: 'Reshelf opened to students at one Johannesburg university. Listings were checked by hand and exchanges happened at the library entrance.',
  },
  {
    when: 'Then',
    title: 'A second university joins',
    text: 'Students at a second university asked for Reshelf on their campus. Today more than 500 students have traded over 300 books.',
  },
  {
    when: 'Next',
    title: 'Every campus in South Africa',
    text: 'We are growing one campus at a time, with the same promise: fair prices, verified students and safe meetups.',
  },
] as const;

export function AboutPage() {
  usePageTitle(
    'About Us',
    'Reshelf started in 2024 at a Johannesburg university to make textbooks affordable. Read our mission and how far students have come with us.',
  );
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="Textbooks that move from student to student"
        intro="Reshelf is a trusted platform for university textbook exchange that makes education more affordable and sustainable."
      >
        <FigureRow figures={ABOUT_FIGURES} className="mt-12" />
      </PageHero>

      <Section
        id="mission"
        eyebrow="Our Mission"
        title="Make every textbook count twice"
        intro="Every semester, students pay full price for books they use for a few months, while last year's copies sit on shelves. We connect the two, safely, on campus."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-card bg-white p-7 shadow-soft ring-1 ring-ink-200/70">
              <div aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon size={24} />
              </div>
              <h3 className="mt-5 text-lg font-bold">{title}</h3>
              <p className="mt-2 text-ink-600">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="journey" eyebrow="Our Journey" title="From one campus to the next" tone="tint">
        <ol className="relative mx-auto max-w-2xl border-l-2 border-brand-200 pl-8">
          {JOURNEY.map((step) => (
            <li key={step.title} className="relative pb-10 last:pb-0">
              <span aria-hidden="true" className="absolute top-1 -left-[41px] grid h-5 w-5 place-items-center rounded-full bg-brand-600 ring-4 ring-brand-100" />
              <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{step.when}</p>
              <h3 className="mt-1 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-ink-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="about-cta" className="px-4 py-20 text-center sm:px-6">
        <Rocket aria-hidden="true" size={40} className="mx-auto text-brand-700" />
        <h2 id="about-cta" className="mt-4 text-2xl font-extrabold sm:text-3xl">
          Be part of the next chapter
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-ink-600">Join the students who already buy and sell textbooks on Reshelf.</p>
        <ButtonLink to="/signup" size="lg" className="mt-8">
          Get Started
          <ArrowRight aria-hidden="true" size={20} />
        </ButtonLink>
      </section>
    </>
  );
}
