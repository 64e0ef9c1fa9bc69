// The admin's New prices page: the list (most recent first, empty state), the form checked by the shared
// schema (every message under its field), the edition's title once the ISBN is one Reshelf knows, saving
// (PUT with the ISBN-13 and the price as a number, then the list again) and Remove acting once however
// fast it is tapped.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, formatRand, type NewPrice } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { NEW_PRICE_REMOVED, NEW_PRICE_SAVED, NO_LISTING_YET, NewPricesPage } from '../src/features/moderation/new-prices-page';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { json, list, mockApi, renderPage, type Call } from './selling-helpers';

afterEach(() => {
  toast.dismiss();
});

function priceWith(extra: Partial<NewPrice> = {}): NewPrice {
  return {
    isbn13: '9780262046305',
    price: 1299.99,
    title: 'Introduction to Algorithms',
    setBy: { id: 'stu_admin0000001', firstName: 'Reshelf' },
    setAt: '2026-11-20T09:00:00.000Z',
    ...extra,
  };
}

/** The admin API as a small in-memory store of new prices; removals wait for `removals` when given. */
function store(initial: NewPrice[], removals?: Promise<void>) {
  let prices = initial;
  const calls = mockApi(async (call: Call) => {
    if (call.method === 'GET' && call.path.startsWith('/admin/new-prices?')) return json(200, list(prices, { pageSize: 20 }));
    const one = /^\/admin\/new-prices\/(\d{13})$/.exec(call.path);
    if (one && call.method === 'PUT') {
      const saved = priceWith({ isbn13: one[1]!, price: (call.body as { price: number }).price, title: one[1] === SAMPLE_ISBN13 ? 'Calculus: Early Transcendentals' : null });
      prices = [saved, ...prices.filter((p) => p.isbn13 !== one[1])];
      return json(200, { newPrice: saved });
    }
    if (one && call.method === 'DELETE') {
      await removals;
      prices = prices.filter((p) => p.isbn13 !== one[1]);
      return new Response(null, { status: 204 });
    }
    if (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}`) return json(200, { edition: editionWith({ newPrice: 980 }) });
    if (call.method === 'GET' && call.path === '/editions/9780134685991') return json(404, { error: MESSAGES.editionNotFound, code: 'NOT_FOUND' });
    return undefined;
  });
  return calls;
}

describe('new prices page', () => {
  it('lists the prices set, with their edition, price and who set them, and says when there are none', async () => {
    store([priceWith(), priceWith({ isbn13: '9780134685991', title: null, price: 899.5, setBy: null })]);
    renderPage(<NewPricesPage />, { path: '/admin/new-prices', role: 'admin' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'New prices' });
    // The rule of thumb's range never breaks at its dash on a phone; the sentence reads as it is written.
    const intro = heading.nextElementSibling as HTMLElement;
    expect(intro.textContent).toBe('What a new copy of an edition costs. Sellers listing that ISBN see it with the rule of thumb: used books sell for 40–60% of the new price.');
    expect(within(intro).getByText('40–60%')).toHaveClass('whitespace-nowrap');
    await screen.findByText('Introduction to Algorithms');
    const rows = within(screen.getByRole('region', { name: 'Prices set' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Introduction to Algorithms');
    expect(rows[0]).toHaveTextContent('ISBN 9780262046305 · set by Reshelf on');
    expect(rows[0]!.textContent).toContain(formatRand(1299.99));
    expect(rows[1]).toHaveTextContent('No approved listing yet');
    expect(rows[1]).not.toHaveTextContent('set by');
  });

  it('shows the empty state when no price is set', async () => {
    store([]);
    renderPage(<NewPricesPage />, { path: '/admin/new-prices', role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'No new prices yet' })).toBeInTheDocument();
  });

  it('writes each problem under its field and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = store([]);
    renderPage(<NewPricesPage />, { path: '/admin/new-prices', role: 'admin' });
    await screen.findByRole('heading', { name: 'No new prices yet' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.requiredFields)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.newPriceRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^ISBN/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^ISBN/), '978-0-262-04630-4');
    await user.type(screen.getByLabelText(/^New price/), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.invalidIsbn)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.newPricePositive)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New price/));
    await user.type(screen.getByLabelText(/^New price/), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.newPriceDigits)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("names the typed ISBN's edition (or says nobody has listed it), saves the price and shows it in the list", async () => {
    const user = userEvent.setup();
    const calls = store([priceWith()]);
    renderPage(<NewPricesPage />, { path: '/admin/new-prices', role: 'admin' });
    await screen.findByText('Introduction to Algorithms');
    const isbn = screen.getByLabelText(/^ISBN/);
    await user.type(isbn, '978-0-13-468599-1');
    expect(await screen.findByText(NO_LISTING_YET)).toBeInTheDocument();
    await user.clear(isbn);
    await user.type(isbn, '978-1-337-61392-7');
    const found = await screen.findByText('Calculus: Early Transcendentals');
    expect(found.closest('p')!.textContent).toContain(`Calculus: Early Transcendentals · James Stewart · 9th Edition · now ${formatRand(980)}`);
    await user.type(screen.getByLabelText(/^New price/), '1099.95');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByText(new RegExp(`^${NEW_PRICE_SAVED}: Calculus: Early Transcendentals, `));
    expect(saved.textContent).toBe(`${NEW_PRICE_SAVED}: Calculus: Early Transcendentals, ${formatRand(1099.95)}`);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([expect.objectContaining({ path: `/admin/new-prices/${SAMPLE_ISBN13}`, body: { price: 1099.95 } })]);
    // The form is empty again, and the list has the new price first.
    expect(isbn).toHaveValue('');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Prices set' })).getAllByRole('listitem')[0]).toHaveTextContent('Calculus: Early Transcendentals'));
  });

  it('removes a price once however fast Remove is tapped', async () => {
    let release = () => {};
    const calls = store([priceWith()], new Promise<void>((resolve) => (release = resolve)));
    renderPage(<NewPricesPage />, { path: '/admin/new-prices', role: 'admin' });
    const remove = await screen.findByRole('button', { name: 'Remove the new price of Introduction to Algorithms' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    release();
    expect(await screen.findByText(`${NEW_PRICE_REMOVED}: Introduction to Algorithms`)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
