// The route table of the whole app, in one place. Every page is a lazy module so the landing page
// loads only its own code. Page modules export a named component; `page()` adapts it for the router.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageSkeleton } from '../components/ui/skeleton';
import { RootLayout, RootHydrateFallback } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { prefetchFirstPage } from '../features/catalogue/first-page';
import { RootError } from './root-error';

/** Turns `import('./x')` plus the export's name into a route's `lazy`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[exportName] as ComponentType };
  };
}

/** The layout that provides the query cache, around every page that reads server state. */
const withQueryCache = page(() => import('./layouts/query-layout'), 'QueryLayout');

/** The catalogue's route data: when the app starts there, its first page is asked for along with the page's
 *  code (see first-page.ts). Filter changes are the query cache's business, not the router's. */
const catalogue = { loader: prefetchFirstPage, shouldRevalidate: () => false } satisfies Partial<RouteObject>;

/** A mistyped address inside a signed-in area: the 404 page inside the dashboard frame, with the way back to
 *  the area's home, instead of the public site's. */
const areaNotFound = { path: '*', lazy: page(() => import('./not-found-page'), 'DashboardNotFoundPage') } satisfies RouteObject;

/** A signed-in area: its role guard around the dashboard shell, loaded with the area's first page. */
function area(exportName: 'BuyerArea' | 'SellerArea' | 'AdminArea') {
  return page(() => import('./layouts/dashboard-areas'), exportName);
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

              // Account pages: two-column promo + form pages inside the public frame.
              { path: 'signup', lazy: page(() => import('../features/auth/pages/signup-page'), 'SignupPage') },
              { path: 'login', lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
              { path: 'reset', lazy: page(() => import('../features/auth/pages/reset-page'), 'ResetPage') },
              // Where the server sends a provider linked from settings back.
              { path: 'settings', lazy: page(() => import('../features/auth/pages/provider-sign-in-page'), 'SettingsRedirect') },

              // The catalogue and the textbook packages are public: visitors browse, and log in as a buyer
              // to request a book or order a package.
              {
                lazy: withQueryCache,
                children: [
                  { path: 'books', ...catalogue, lazy: page(() => import('../features/catalogue/catalogue-page'), 'PublicCataloguePage') },
                  { path: 'books/:id', lazy: page(() => import('../features/catalogue/book-page'), 'PublicBookPage') },
                  { path: 'editions/:isbn', lazy: page(() => import('../features/catalogue/edition-page'), 'PublicEditionPage') },
                  { path: 'packages', lazy: page(() => import('../features/packages/packages-page'), 'PublicPackagesPage') },
                  // Finishing a sign-in with an identity provider (docs/decisions/0036-sign-in-providers.md).
                  { path: 'sign-in/complete', lazy: page(() => import('../features/auth/pages/provider-sign-in-page'), 'CompleteProfilePage') },
                  { path: 'sign-in/link', lazy: page(() => import('../features/auth/pages/provider-sign-in-page'), 'LinkAccountPage') },
                  // A student's public profile (docs/decisions/0034-public-profiles.md), linked from book pages and orders.
                  { path: 'students/:id', lazy: page(() => import('../features/catalogue/profile-page'), 'ProfilePage') },
                  // A wishlist email's "Stop emails" link: no login needed, the link is signed.
                  { path: 'wishlist/unsubscribe/:token', lazy: page(() => import('../features/wishlist/unsubscribe-page'), 'UnsubscribePage') },
                  // A verification email's link: confirming is a POST from the page (docs/decisions/0035-verified-students.md).
                  { path: 'verify-student', lazy: page(() => import('../features/settings/verify-student-page'), 'VerifyStudentPage') },
                ],
              },

              { path: '*', lazy: page(() => import('./not-found-page'), 'NotFoundPage') },
            ],
          },

          // The signed-in areas read server state throughout.
          {
            lazy: withQueryCache,
            children: [
              // Buyer area: role buyer only (RequireRole: spinner while the session check runs, /login for
              // visitors, 'Access denied. Buyer account required.' for other roles) in the dashboard shell.
              {
                path: 'buyer',
                lazy: area('BuyerArea'),
                HydrateFallback: PageSkeleton,
                children: [
                  { index: true, lazy: page(() => import('./homes/buyer-home'), 'BuyerHome') },
                  { path: 'books', ...catalogue, lazy: page(() => import('../features/catalogue/catalogue-page'), 'BuyerCataloguePage') },
                  { path: 'books/:id', lazy: page(() => import('../features/catalogue/book-page'), 'BuyerBookPage') },
                  { path: 'editions/:isbn', lazy: page(() => import('../features/catalogue/edition-page'), 'BuyerEditionPage') },
                  { path: 'transactions', lazy: page(() => import('../features/buyer-home/buyer-transactions-page'), 'BuyerTransactionsPage') },
                  { path: 'packages', lazy: page(() => import('../features/packages/packages-page'), 'BuyerPackagesPage') },
                  { path: 'cart', lazy: page(() => import('../features/cart/cart-page'), 'CartPage') },
                  { path: 'wishlist', lazy: page(() => import('../features/wishlist/wishlist-page'), 'WishlistPage') },
                  { path: 'orders/:id', lazy: page(() => import('../features/orders/order-page'), 'BuyerOrderPage') },
                  { path: 'faculty', lazy: page(() => import('../features/faculty/faculty-page'), 'FacultyPage') },
                  { path: 'settings', lazy: page(() => import('../features/settings/settings-page'), 'SettingsPage') },
                  areaNotFound,
                ],
              },

              // Seller area: role seller only ('Access denied. Seller account required.').
              {
                path: 'seller',
                lazy: area('SellerArea'),
                HydrateFallback: PageSkeleton,
                children: [
                  { index: true, lazy: page(() => import('./homes/seller-home'), 'SellerHome') },
                  { path: 'sell', lazy: page(() => import('../features/selling/sell/sell-page'), 'SellPage') },
                  { path: 'books', lazy: page(() => import('../features/selling/my-books-page'), 'MyBooksPage') },
                  { path: 'wishlist', lazy: page(() => import('../features/wishlist/wishlist-page'), 'WishlistPage') },
                  { path: 'transactions', lazy: page(() => import('../features/selling/transactions-page'), 'SellerTransactionsPage') },
                  { path: 'orders/:id', lazy: page(() => import('../features/orders/order-page'), 'SellerOrderPage') },
                  { path: 'faculty', lazy: page(() => import('../features/faculty/faculty-page'), 'FacultyPage') },
                  { path: 'settings', lazy: page(() => import('../features/settings/settings-page'), 'SettingsPage') },
                  areaNotFound,
                ],
              },

              // Moderation area: role admin only ('Access denied. Admin account required.').
              {
                path: 'admin',
                lazy: area('AdminArea'),
                HydrateFallback: PageSkeleton,
                children: [
                  { index: true, lazy: page(() => import('../features/moderation/moderation-page'), 'ModerationPage') },
                  { path: 'reports', lazy: page(() => import('../features/moderation/reports-page'), 'ReportsPage') },
                  { path: 'new-prices', lazy: page(() => import('../features/moderation/new-prices-page'), 'NewPricesPage') },
                  areaNotFound,
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
