// A student's public profile (/students/:id, docs/decisions/0034-public-profiles.md): name with last
// initial, "Verified student", university, member since, the rating as text for screen readers, the
// counts, books for sale and reviews; the empty states; a not-found state. And the links to it: the
// seller's name on a book page, the buyer's name on the seller's order page and in the seller home's requests.
import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, VERIFY_STUDENT_MESSAGES, formatDate, type PublicProfile } from '@reshelf/shared';
import { SellerHomePage } from '../src/features/selling/seller-home-page';
import { bookWith, dashboardShell, json, list, mockApi, orderWith, renderApp, studentWith } from './harness';
import { renderPage } from './selling-helpers';

const PROFILE_ID = 'stu_seller00000001';

function profileWith(extra: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: PROFILE_ID,
    firstName: 'Sipho',
    lastInitial: 'N',
    university: 'wits',
    verified: { university: 'wits', at: '2025-02-03T08:00:00.000Z' },
    memberSince: '2025-02-01T08:00:00.000Z',
    rating: 4.5,
    reviewCount: 2,
    reviews: [
      { rating: 5, comment: 'Book exactly as described', reviewerFirstName: 'Thandi', as: 'seller', createdAt: '2025-03-04T08:00:00.000Z' },
      { rating: 4, comment: null, reviewerFirstName: 'Lerato', as: 'buyer', createdAt: '2025-03-02T08:00:00.000Z' },
    ],
    completedSales: 7,
    completedPurchases: 3,
    noShows: 1,
    listingCount: 14,
    listings: [bookWith({ id: 'bk_profile_one', title: 'Principles of Economics' }), bookWith({ id: 'bk_profile_two', title: 'Organic Chemistry' })],
    ...extra,
  };
}

const answerProfile = (profile: PublicProfile | null) =>
  mockApi((call) =>
    call.method === 'GET' && call.path === `/students/${PROFILE_ID}`
      ? profile
        ? json(200, { profile })
        : json(404, { error: 'Not found', code: 'NOT_FOUND' })
      : undefined,
  );

describe('public profile page', () => {
  it('shows the name with the last initial, the badge, university, member since, rating as text, counts, books and reviews', async () => {
    answerProfile(profileWith());
    renderApp(`/students/${PROFILE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sipho N.' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sipho N. | Reshelf'));
    const main = screen.getByRole('main');
    expect(within(main).getByText(VERIFY_STUDENT_MESSAGES.badge)).toBeInTheDocument();
    expect(main).toHaveTextContent('University of the Witwatersrand');
    expect(main).toHaveTextContent(PROFILE_MESSAGES.memberSince(formatDate('2025-02-01T08:00:00.000Z')));
    expect(within(main).getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();

    const stat = (label: string) => within(main).getByText(label).nextElementSibling?.textContent;
    expect(stat(PROFILE_MESSAGES.completedSales)).toBe('7');
    expect(stat(PROFILE_MESSAGES.completedPurchases)).toBe('3');
    expect(stat(PROFILE_MESSAGES.noShows)).toBe('1');

    const forSale = screen.getByRole('region', { name: `${PROFILE_MESSAGES.forSale} (14)` });
    expect(within(forSale).getByRole('link', { name: 'Principles of Economics' })).toHaveAttribute('href', '/books/bk_profile_one');
    expect(within(forSale).getByRole('link', { name: 'Organic Chemistry' })).toHaveAttribute('href', '/books/bk_profile_two');
    expect(forSale).toHaveTextContent(PROFILE_MESSAGES.someListings(2, 14));

    const reviews = screen.getByRole('region', { name: `${PROFILE_MESSAGES.reviews} (2)` });
    const items = within(reviews).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Book exactly as described');
    expect(items[0]).toHaveTextContent(PROFILE_MESSAGES.reviewAs('Thandi', 'seller'));
    expect(within(items[1]!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent(PROFILE_MESSAGES.reviewAs('Lerato', 'buyer'));
  });

  it('empty states: no reviews, nothing for sale, not verified', async () => {
    answerProfile(profileWith({ verified: null, rating: null, reviewCount: 0, reviews: [], listingCount: 0, listings: [], lastInitial: '' }));
    renderApp(`/students/${PROFILE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sipho' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).queryByText(VERIFY_STUDENT_MESSAGES.badge)).toBeNull();
    expect(within(main).getAllByText(PROFILE_MESSAGES.noReviewsYet).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 3, name: PROFILE_MESSAGES.nothingForSale })).toBeInTheDocument();
    expect(main).toHaveTextContent(PROFILE_MESSAGES.nothingForSaleText('Sipho'));
    expect(screen.getByRole('heading', { level: 3, name: PROFILE_MESSAGES.noReviews })).toBeInTheDocument();
    expect(main).toHaveTextContent(PROFILE_MESSAGES.noReviewsText);
  });

  it('404: a friendly not-found state', async () => {
    answerProfile(null);
    renderApp(`/students/${PROFILE_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: PROFILE_MESSAGES.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(PROFILE_MESSAGES.notFoundText);
    await waitFor(() => expect(document.title).toBe(`${PROFILE_MESSAGES.notFoundTitle} | Reshelf`));
  });

  it("links the seller's name on a book page to their profile", async () => {
    const book = bookWith();
    mockApi((call) => {
      if (call.method === 'GET' && call.path === `/books/${book.id}`) return json(200, { book });
      if (call.method === 'GET' && call.path.startsWith('/editions/')) return json(404, { error: 'Not found', code: 'NOT_FOUND' });
      return undefined;
    });
    renderApp(`/books/${book.id}`);
    await screen.findByRole('heading', { level: 1, name: book.title });
    const link = screen.getByRole('link', { name: new RegExp(PROFILE_MESSAGES.viewProfile('Sipho')) });
    expect(link).toHaveTextContent(/^Sipho/);
    expect(link).toHaveAttribute('href', `/students/${book.seller.id}`);
  });

  it("links the buyer's name on the seller's order page to their profile", async () => {
    const order = orderWith();
    mockApi(dashboardShell, (call) => {
      if (call.method === 'GET' && call.path === `/orders/${order.id}`) return json(200, { order });
      if (call.method === 'GET' && call.path === `/orders/${order.id}/messages`) return json(200, list([]));
      return undefined;
    });
    renderApp(`/seller/orders/${order.id}`, studentWith('seller'));
    const links = await screen.findAllByRole('link', { name: new RegExp(PROFILE_MESSAGES.viewProfile('Thandi')) });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link).toHaveAttribute('href', `/students/${order.buyer.id}`);
  });

  it("links the buyer's name in the seller home's order requests", async () => {
    const order = orderWith();
    mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list([bookWith({ availability: 'reserved' })]));
      if (call.method === 'GET' && call.path.startsWith('/orders?')) {
        const status = new URLSearchParams(call.path.split('?')[1]).get('status');
        return json(200, list(status === 'requested' ? [order] : []));
      }
      return undefined;
    });
    renderPage(<SellerHomePage />, { path: '/seller' });
    const link = await screen.findByRole('link', { name: PROFILE_MESSAGES.viewProfile('Thandi') });
    expect(link).toHaveAttribute('href', `/students/${order.buyer.id}`);
    expect(link).toHaveTextContent('Thandi');
  });
});
