// Copy of the landing page that is data rather than layout: figures, steps, reasons, FAQ.
import type { Figure } from './components/section';

/** Landing page figures. */
export const LANDING_FIGURES: readonly Figure[] = [
  { value: '50K+', label: 'Study materials' },
  { value: '70%', label: 'Average savings' },
  { value: '25K+', label: 'Students' },
  { value: '100+', label: 'Tons of paper saved' },
];

/** About page figures. */
export const ABOUT_FIGURES: readonly Figure[] = [
  { value: '500+', label: 'Students' },
  { value: '2', label: 'Universities' },
  { value: '300+', label: 'Exchanges' },
  { value: 'R150K+', label: 'Student savings' },
];

export const HOW_IT_WORKS = [
  {
    title: 'Search or List',
    text: 'Find the exact edition your course needs, or list the books you are done with in a few minutes from your phone.',
  },
  {
    title: 'Connect & Verify',
    text: 'Every member is a registered student and every listing is checked before it goes live, so you know who you are dealing with.',
  },
  {
    title: 'Safe Exchange',
    text: 'Agree on a busy, public spot on campus, check the book in person, then pay. No courier, no waiting.',
  },
] as const;

export const WHY_CHOOSE = [
  { title: 'Save up to 70%', text: 'Used textbooks usually sell for 40-60% of the original price. More money left for data and lunch.' },
  { title: 'Students only', text: 'Buyers and sellers sign up with their student number, so you trade with people from your own campus.' },
  { title: 'Moderated listings', text: 'Our team reviews every listing before it appears, and declines ones that do not describe the book honestly.' },
  { title: 'Meet on campus', text: 'Exchanges happen at well-known public places on campus, between lectures, on your timetable.' },
  { title: 'Good for the planet', text: 'Every book that finds a second owner is one less printed. Students have saved over 100 tons of paper.' },
  { title: 'Made in Johannesburg', text: 'Built by students who paid too much for textbooks themselves, for students at South African universities.' },
] as const;

export const FAQ = [
  {
    question: 'How does Reshelf work?',
    answer:
      'Sellers list their used textbooks with photos and a price. Once a listing is approved, buyers at their university can find it, send a request and agree on a time and place on campus to meet, check the book and pay.',
  },
  {
    question: 'Who can buy and sell on Reshelf?',
    answer:
      'Any student at a South African university. You sign up with your student number and choose whether you want to buy or sell books.',
  },
  {
    question: 'How much should I ask for my used books?',
    answer:
      'Used books usually sell for 40-60% of the original price, depending on their condition and edition. Books in like-new condition of the current edition sell fastest.',
  },
  {
    question: 'Is it safe to meet another student?',
    answer:
      'Always meet in a busy, public place on campus during the day, such as a library entrance or the student centre. Check the book before you pay, and never share banking passwords or OTPs.',
  },
  {
    question: 'What if the book is not as described?',
    answer:
      'Our purchase guarantee has you covered: contact our support team within 48 hours of the exchange with your order details and we will help you sort it out with the seller.',
  },
  {
    question: 'Which universities can I use Reshelf at?',
    answer:
      'Reshelf launched in 2024 at a Johannesburg university and has since grown to a second. Students from the universities in our sign-up list can join today, and more campuses follow as students ask for them.',
  },
] as const;
