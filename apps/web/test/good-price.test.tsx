// "Good price" (Book.goodPrice, decided by the server): a small badge beside the price on the catalogue's
// card and in the book page's buy box, whose accessible text says why; nothing for a book without it.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { GOOD_PRICE, GOOD_PRICE_REASON, GOOD_PRICE_SENTENCE } from '../src/features/catalogue/components/good-price-badge';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { bookWith, dashboardShell, json, list, mockApi, renderApp } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
  // The book page asks for the book's edition once it has painted.
  mockApi((call) => (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}` ? json(200, { edition: editionWith() }) : undefined));
});
afterEach(() => toast.dismiss());

describe('"Good price" badge', () => {
  it('shows on the cards of copies below their edition\'s median, saying why, and on no other card', async () => {
    const long = 'Principles of Quantitative Econometric Modelling for Developing Economies and Emerging Markets, Volume II';
    mockApi((call) =>
      call.path.startsWith('/books?')
        ? json(200, list([bookWith({ id: 'bk_cheap000000001', title: long, price: 999999.99, goodPrice: true }), bookWith({ id: 'bk_plain000000001', title: 'Campbell Biology' })], 2))
        : undefined,
    );
    renderApp('/books');
    const cheap = (await screen.findByRole('link', { name: long })).closest('article')!;
    const badge = within(cheap).getByText(GOOD_PRICE);
    // Read out with its reason; a pointer resting on it shows the same.
    expect(badge).toHaveTextContent(`${GOOD_PRICE}: ${GOOD_PRICE_REASON}`);
    expect(badge).toHaveAttribute('title', `${GOOD_PRICE}: ${GOOD_PRICE_REASON}`);
    expect(cheap.textContent).toContain(formatRand(999999.99));
    const plain = screen.getByRole('link', { name: 'Campbell Biology' }).closest('article')!;
    expect(plain).not.toHaveTextContent(GOOD_PRICE);
  });

  it('shows in the book page\'s buy box with the reason written out', async () => {
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book: bookWith({ goodPrice: true }) }) : undefined));
    renderApp('/books/bk_calculus0000001');
    const aside = await screen.findByRole('complementary', { name: 'Buy this book' });
    expect(within(aside).getByText(GOOD_PRICE)).toBeInTheDocument();
    expect(within(aside).getByText(GOOD_PRICE_SENTENCE)).toBeInTheDocument();
    // Said once: the badge does not repeat the reason the sentence beside it gives.
    expect(aside.textContent?.split(GOOD_PRICE_REASON)).toHaveLength(1);
  });

  it('is absent from the book page of a copy that is not below the median', async () => {
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book: bookWith() }) : undefined));
    renderApp('/books/bk_calculus0000001');
    const aside = await screen.findByRole('complementary', { name: 'Buy this book' });
    expect(aside.textContent).toContain(formatRand(450.5));
    expect(aside).not.toHaveTextContent(GOOD_PRICE);
  });
});
