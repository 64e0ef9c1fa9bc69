// The route table of the whole app, in one place. Every page is a lazy module so the landing page
// loads only its own code. Page modules export a named component; `page()` adapts it for the router.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageSkeleton } from '../components/ui/skeleton';
import { RootLayout, RootHydrateFallback } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { DashboardLayout } from './layouts/dashboard-layout';
import { RootError } from './root-error';

/** The route constants of the spec (section 2), plus /privacy, /ai-tutor, /buyer/packages and /admin. */
export const ROUTES = {
  home: '/',
  about: '/about',
  signup: '/signup',
  login: '/login',
  contact: '/contact',
  team: '/team',
  reset: '/reset',
  terms: '/terms',
  privacy: '/privacy',
  aiTutor: '/ai-tutor',
  buyer: '/buyer',
  buyerTransactions: '/buyer/transactions',
  buyerBooks: '/buyer/books',
  buyerSettings: '/buyer/settings',
  buyerFaculty: '/buyer/faculty',
  buyerPackages: '/buyer/packages',
  seller: '/seller',
  sellerTransactions: '/seller/transactions',
  sellerSell: '/seller/sell',
  sellerBooks: '/seller/books',
  sellerSettings: '/seller/settings',
  sellerFaculty: '/seller/faculty',
  admin: '/admin',
} as const;

/** Turns `import('./x')` plus the export's name into a route's `lazy`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[exportName] as ComponentType };
  };
}

/** A titled placeholder until the feature that owns the route replaces it (see the report in git log). */
function placeholder(title: string, description?: string) {
  return async () => {
    const { PlaceholderPage } = await import('./placeholder-page');
    return { Component: () => <PlaceholderPage title={title} description={description} /> };
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    errorElement: <RootError />,
    children: [
      {
        // Errors inside a page keep the navigation bar and footer around the error screen.
        errorElement: <RootError />,
        children: [
          // Public site: navigation bar, <main>, footer.
          {
            Component: PublicLayout,
            HydrateFallback: PageSkeleton,
            children: [
              { index: true, lazy: page(() => import('../features/marketing/pages/home-page'), 'HomePage') },
              { path: 'about', lazy: page(() => import('../features/marketing/pages/about-page'), 'AboutPage') },
              { path: 'team', lazy: page(() => import('../features/marketing/pages/team-page'), 'TeamPage') },
              { path: 'terms', lazy: page(() => import('../features/marketing/pages/terms-page'), 'TermsPage') },
              { path: 'privacy', lazy: page(() => import('../features/marketing/pages/privacy-page'), 'PrivacyPage') },
              { path: 'ai-tutor', lazy: page(() => import('../features/marketing/pages/ai-tutor-page'), 'AiTutorPage') },
              { path: 'contact', lazy: page(() => import('../features/contact/contact-page'), 'ContactPage') },

              // Account pages. Placeholders until the accounts feature (issue 3) puts its pages here,
              // e.g. lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage').
              // If they get their own two-column layout without the navigation bar, move them out
              // of PublicLayout into a sibling group.
              { path: 'signup', lazy: placeholder('Sign Up', 'Create your Reshelf account.') },
              { path: 'login', lazy: placeholder('Login', 'Log in to your Reshelf account.') },
              { path: 'reset', lazy: placeholder('Reset Password', 'Get a link to set a new password.') },

              { path: '*', lazy: page(() => import('./not-found-page'), 'NotFoundPage') },
            ],
          },

          // Buyer area. GUARD: wrap this branch so only role buyer gets in, e.g. replace
          // `Component: DashboardLayout` with a component rendering
          // <RequireRole role="buyer"><DashboardLayout area="buyer" /></RequireRole>
          // (spinner while the session check runs; mismatch toasts 'Access denied. Buyer account required.').
          {
            path: 'buyer',
            Component: DashboardLayout,
            HydrateFallback: PageSkeleton,
            children: [
              { index: true, lazy: placeholder('Buyer Home') },
              { path: 'books', lazy: placeholder('Buy Books') },
              { path: 'transactions', lazy: placeholder('Transactions') },
              { path: 'packages', lazy: placeholder('Textbook Packages') },
              { path: 'faculty', lazy: placeholder('Faculty') },
              { path: 'settings', lazy: placeholder('Settings') },
            ],
          },

          // Seller area. GUARD: wrap like the buyer area with role seller
          // ('Access denied. Seller account required.').
          {
            path: 'seller',
            Component: DashboardLayout,
            HydrateFallback: PageSkeleton,
            children: [
              { index: true, lazy: placeholder('Seller Home') },
              { path: 'sell', lazy: placeholder('Sell a Book') },
              { path: 'books', lazy: placeholder('My Books') },
              { path: 'transactions', lazy: placeholder('Transactions') },
              { path: 'faculty', lazy: placeholder('Faculty') },
              { path: 'settings', lazy: placeholder('Settings') },
            ],
          },

          // Moderation area. GUARD: role admin only ('Access denied. Admin account required.').
          {
            path: 'admin',
            Component: DashboardLayout,
            HydrateFallback: PageSkeleton,
            children: [{ index: true, lazy: placeholder('Moderation') }],
          },
        ],
      },
    ],
  },
];
