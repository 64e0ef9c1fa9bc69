// The AI tutor promotion: its three features and a link to the separate tutor site (URL set at build
// time through VITE_AI_TUTOR_URL).
import { Brain, Clock, ExternalLink, Languages } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHero } from '../components/section';

const DEFAULT_AI_TUTOR_URL = 'https://tutor.reshelf.co.za';
const AI_TUTOR_URL = import.meta.env.VITE_AI_TUTOR_URL || DEFAULT_AI_TUTOR_URL;

const FEATURES = [
  {
    icon: Languages,
    title: 'Multi-lingual',
    text: 'Ask in English, isiZulu, isiXhosa, Afrikaans or another language you think in, and get explanations you understand.',
  },
  {
    icon: Brain,
    title: 'Adaptive learning',
    text: 'The tutor notices what you already know and where you get stuck, and adjusts its examples and practice questions to you.',
  },
  {
    icon: Clock,
    title: '24/7 availability',
    text: 'Studying at 2 am before a test? The tutor is awake too, on your phone or laptop, whenever you need it.',
  },
] as const;

export function AiTutorPage() {
  usePageTitle('AI Tutor', 'Meet the Reshelf AI tutor: multi-lingual, adaptive learning and available 24/7 for South African students.');
  return (
    <>
      <PageHero
        eyebrow="AI Tutor"
        title="A study partner that never sleeps"
        intro="Got the textbook? Now get the help to work through it. Our AI tutor explains concepts, walks you through problems and quizzes you before exams."
      >
        <a
          href={AI_TUTOR_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary', 'lg', 'mt-8')}
        >
          Try the AI Tutor
          <ExternalLink aria-hidden="true" size={20} />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-card bg-white p-7 shadow-soft ring-1 ring-ink-200/70">
              <div aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-xl bg-brand-600 text-white">
                <Icon size={24} />
              </div>
              <h2 className="mt-5 text-lg font-bold">{title}</h2>
              <p className="mt-2 text-ink-600">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-ink-600">
          The AI tutor is a separate site. Your Reshelf account details are not shared with it.
        </p>
      </div>
    </>
  );
}
