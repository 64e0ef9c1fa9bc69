// The sell wizard and what Reshelf knows of the ISBN being listed (GET /editions/:isbn): the price range
// and median of the edition by the price, the new price and its rule of thumb where known, "Use R X"
// filling the price, "No earlier copies" for an unknown ISBN, and the book's details filled in from the
// edition where the seller left them empty, never over what they typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { NO_EARLIER_COPIES, PREFILL_NOTE, USED_PRICE_RULE } from '../src/features/selling/sell/edition-help';
import { SellPage } from '../src/features/selling/sell/sell-page';
import { draftKey, emptyValues } from '../src/features/selling/sell/wizard-draft';
import { type Call, json, mockApi, renderPage, studentWith } from './selling-helpers';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';

const EDITION_PATH = `/editions/${SAMPLE_ISBN13}`;

afterEach(() => {
  toast.dismiss();
});

/** Starts the wizard on `step` with these fields typed (as a restored draft). */
function startWith(step: 1 | 2, values: Record<string, string>) {
  window.localStorage.setItem(draftKey(studentWith('seller').id), JSON.stringify({ values: { ...emptyValues(), ...values }, step }));
  return renderPage(<SellPage />, { path: '/seller/sell' });
}

const editionAnswer = (answer: () => Response) => (call: Call) => (call.method === 'GET' && call.path === EDITION_PATH ? answer() : undefined);

describe('price guidance', () => {
  it("shows the edition's range and median and fills the price with its median in one tap", async () => {
    const user = userEvent.setup();
    mockApi(editionAnswer(() => json(200, { edition: editionWith({ available: 3, sold: 5, price: { low: 120, median: 212.5, high: 300 } }) })));
    startWith(2, { isbn: '978-1-337-61392-7' });
    const guidance = await screen.findByRole('region', { name: 'Prices of this edition on Reshelf' });
    expect(guidance.textContent).toContain(`${formatRand(120)} – ${formatRand(300)}, median ${formatRand(212.5)} (3 for sale, 5 sold)`);
    // No new price is known: no rule of thumb, the median is the suggestion.
    expect(guidance).not.toHaveTextContent(USED_PRICE_RULE);
    expect(guidance).not.toHaveTextContent('New:');
    await user.click(screen.getByRole('button', { name: `Use ${formatRand(212.5)}` }));
    expect(screen.getByLabelText(/^Price \(R\)/)).toHaveValue('212.50');
  });

  it('with a new price: the rule of thumb, and half the new price when there are no prices yet', async () => {
    const user = userEvent.setup();
    mockApi(editionAnswer(() => json(200, { edition: editionWith({ available: 0, sold: 0, price: null, newPrice: 600, copies: [] }) })));
    startWith(2, { isbn: SAMPLE_ISBN13, price: '999' });
    const guidance = await screen.findByRole('region', { name: 'Prices of this edition on Reshelf' });
    expect(guidance.textContent).toContain(`New: ${formatRand(600)}. ${USED_PRICE_RULE}: ${formatRand(240)} – ${formatRand(360)}.`);
    // "40–60%" is kept on one line, here and in the price field's hint, which reads as it is written.
    expect(within(guidance).getByText('40–60%')).toHaveClass('whitespace-nowrap');
    const price = screen.getByLabelText(/^Price \(R\)/);
    expect(price).toHaveAccessibleDescription(USED_PRICE_RULE);
    expect(within(document.getElementById(price.getAttribute('aria-describedby')!.split(' ')[0]!)!).getByText('40–60%')).toHaveClass('whitespace-nowrap');
    await user.click(screen.getByRole('button', { name: `Use ${formatRand(300)}` }));
    expect(screen.getByLabelText(/^Price \(R\)/)).toHaveValue('300');
  });

  it('with prices and a new price (an admin entered it): both, the rule of thumb, and the median as the suggestion', async () => {
    const user = userEvent.setup();
    mockApi(editionAnswer(() => json(200, { edition: editionWith({ available: 4, sold: 1, price: { low: 250, median: 320, high: 480 }, newPrice: 799.99 }) })));
    startWith(2, { isbn: SAMPLE_ISBN13 });
    const guidance = await screen.findByRole('region', { name: 'Prices of this edition on Reshelf' });
    expect(guidance.textContent).toContain(`${formatRand(250)} – ${formatRand(480)}, median ${formatRand(320)} (4 for sale, 1 sold)`);
    expect(guidance.textContent).toContain(`New: ${formatRand(799.99)}. ${USED_PRICE_RULE}: ${formatRand(320)} – ${formatRand(479.99)}.`);
    await user.click(screen.getByRole('button', { name: `Use ${formatRand(320)}` }));
    expect(screen.getByLabelText(/^Price \(R\)/)).toHaveValue('320');
  });

  it('an ISBN not listed before: "No earlier copies of this ISBN yet", no suggestion', async () => {
    mockApi(editionAnswer(() => json(404, { error: MESSAGES.editionNotFound, code: 'NOT_FOUND' })));
    startWith(2, { isbn: SAMPLE_ISBN13 });
    expect(await screen.findByText(NO_EARLIER_COPIES)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('asks nothing while the ISBN is not a valid one', async () => {
    const calls = mockApi(() => undefined);
    startWith(2, { isbn: '978-1-337-61392-8' });
    await screen.findByLabelText(/^Price \(R\)/);
    expect(calls.filter((call) => call.path.startsWith('/editions'))).toEqual([]);
    expect(screen.queryByText(NO_EARLIER_COPIES)).not.toBeInTheDocument();
  });
});

describe('details from earlier listings', () => {
  it('fills the empty details once the ISBN is valid, keeps what the seller typed, and says so', async () => {
    const user = userEvent.setup();
    // Typing 978-1-337-61392-7 passes "9781337613", a valid ISBN-10 of another book (ISBN-13
    // 9789781337611), which the page may ask for on the way: its details must not end up in the form.
    mockApi((call) =>
      call.method === 'GET' && call.path === '/editions/9789781337611'
        ? json(200, { edition: editionWith({ isbn13: '9789781337611', title: 'Wrong book', author: 'Someone Else', publisher: 'Other', publicationYear: 1999 }) })
        : undefined,
    );
    mockApi(editionAnswer(() => json(200, { edition: editionWith() })));
    startWith(1, { title: 'My own title', edition: '8th' });
    await user.type(screen.getByLabelText(/^ISBN/), '978-1-337-61392-7');
    expect(await screen.findByText(PREFILL_NOTE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('My own title');
    expect(screen.getByLabelText(/^Edition/)).toHaveValue('8th');
    expect(screen.getByLabelText(/^Author/)).toHaveValue('James Stewart');
    expect(screen.getByLabelText(/^Publisher/)).toHaveValue('Cengage');
    expect(screen.getByLabelText(/^Publication Year/)).toHaveValue('2020');

    // A field the seller then empties stays empty: the edition fills once per ISBN.
    await user.clear(screen.getByLabelText(/^Author/));
    await user.type(screen.getByLabelText(/^Publisher/), 'x');
    expect(screen.getByLabelText(/^Author/)).toHaveValue('');
    expect(screen.getByLabelText(/^Publisher/)).toHaveValue('Cengagex');
  });

  it('never asks about a half-typed ISBN-13 that passes the ISBN-10 check, for details or for courses', async () => {
    const user = userEvent.setup();
    const wrongBook = editionWith({ isbn13: '9789781337611', title: 'Wrong book', courses: [{ university: 'wits', code: 'WRONG101' }] });
    const calls = mockApi((call) => (call.method === 'GET' && call.path === '/editions/9789781337611' ? json(200, { edition: wrongBook }) : undefined));
    mockApi(editionAnswer(() => json(200, { edition: editionWith({ courses: [{ university: 'wits', code: 'MATH1014' }] }) })));
    startWith(1, {});
    await user.type(screen.getByLabelText(/^ISBN/), '978-1-337-61392-7');
    expect(await screen.findByText(PREFILL_NOTE)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /MATH1014/ })).toBeInTheDocument();
    expect(screen.queryByText(/WRONG101/)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/editions/9789781337611')).toEqual([]);
  });

  it('fills nothing and says nothing when every detail is typed already', async () => {
    const calls = mockApi(editionAnswer(() => json(200, { edition: editionWith() })));
    startWith(1, { title: 'T', author: 'A', publisher: 'P', publicationYear: '2001', edition: '1st', isbn: SAMPLE_ISBN13 });
    await waitFor(() => expect(calls.some((call) => call.path === EDITION_PATH)).toBe(true));
    expect(screen.getByLabelText(/^Author/)).toHaveValue('A');
    expect(screen.queryByText(PREFILL_NOTE)).not.toBeInTheDocument();
  });
});
