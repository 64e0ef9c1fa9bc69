// The sell wizard: keystroke filters, per-step checks with their toast, the photo rules and hints,
// submitting the multipart listing, the success dialog, failures and the draft that survives a reload.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { SellPage } from '../src/features/selling/sell/sell-page';
import { draftKey } from '../src/features/selling/sell/wizard-draft';
import { heldAnswer, json, mockApi, networkError, renderPage, studentWith } from './selling-helpers';

const STUDENT_ID = studentWith('seller').id;

const FILLED = {
  title: 'Calculus, Early Transcendentals',
  author: 'James Stewart',
  isbn: '978-1-285-74155-0',
  publisher: 'Cengage',
  publicationYear: '2019',
  edition: '8th',
  language: 'english',
  category: 'mathematics',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: '450.50',
  numberOfPages: '1368',
  description: 'Some highlighting in chapter 2.',
  additionalNotes: '',
};

/** Starts the wizard on `step` with every text field filled (as a restored draft). */
function startFilled(step: 1 | 2 | 3) {
  window.localStorage.setItem(draftKey(STUDENT_ID), JSON.stringify({ values: FILLED, step }));
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const pngs = (count: number, from = 1) => Array.from({ length: count }, (_, i) => png(`photo-${from + i}.png`));

// A valid ISBN in the wizard asks for its edition (price guidance, details and courses from earlier
// listings: selling-wizard-edition.test.tsx). No ISBN in this file has been listed before.
beforeEach(() => {
  mockApi((call) =>
    call.method === 'GET' && call.path.startsWith('/editions/')
      ? json(404, { error: MESSAGES.editionNotFound, code: 'NOT_FOUND' })
      : undefined,
  );
});

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  toast.dismiss();
});

function renderWizard() {
  return renderPage(<SellPage />, { path: '/seller/sell' });
}

describe('keystroke filters', () => {
  it('ignores characters a field does not take', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderWizard();
    const title = screen.getByLabelText(/^Title/);
    await user.type(title, 'Calc@lus <#1>');
    expect(title).toHaveValue('Calclus #1');
    await user.clear(title);
    // The punctuation real titles use is kept.
    await user.type(title, 'C++ Primer: Physics & Engineers (2nd/3rd)!?');
    expect(title).toHaveValue('C++ Primer: Physics & Engineers (2nd/3rd)!?');

    const author = screen.getByLabelText(/^Author/);
    await user.type(author, "O'Brien 2nd");
    expect(author).toHaveValue("O'Brien nd");

    const isbn = screen.getByLabelText(/^ISBN/);
    await user.type(isbn, '978-1a.-2857415509999999');
    expect(isbn).toHaveValue('978-1-28574155099');
    expect((isbn as HTMLInputElement).value).toHaveLength(17);
    // Spaces, and an X only as the last character (an ISBN-10's check digit).
    await user.clear(isbn);
    await user.type(isbn, '0 8044 2957 X1');
    expect(isbn).toHaveValue('0 8044 2957 X');
  });

  it('keeps the year to 4 digits and checks it when a fifth is typed', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderWizard();
    const year = screen.getByLabelText(/^Publication Year/);
    await user.type(year, '20a19');
    expect(year).toHaveValue('2019');
    expect(screen.queryByText(/Publication year must be between/)).not.toBeInTheDocument();
    await user.clear(year);
    await user.type(year, '18005');
    expect(year).toHaveValue('1800');
    expect(screen.getByText(`Publication year must be between 1900 and ${new Date().getFullYear()}`)).toBeInTheDocument();
  });

  it('takes a price of up to 6 digits and 2 decimals, and pages from 1 to 9999', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    startFilled(2);
    renderWizard();
    const price = screen.getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '1234567');
    expect(price).toHaveValue('123456');
    await user.type(price, '.999');
    expect(price).toHaveValue('123456.99');
    await user.clear(price);
    await user.type(price, '12,5');
    expect(price).toHaveValue('12.5');

    const pages = screen.getByLabelText(/^Number of Pages/);
    await user.clear(pages);
    await user.type(pages, '0');
    expect(pages).toHaveValue('');
    await user.type(pages, '12345');
    expect(pages).toHaveValue('1234');
  });
});

describe('steps', () => {
  it('refuses Next on an incomplete step with a toast and marks the fields', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderWizard();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'Calculus');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Author/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Title/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('button', { name: /Previous/ })).not.toBeInTheDocument();
  });

  it("toasts the field's own problem (a year of 2099 is out of range, not missing) and clears it once the step passes", async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    startFilled(1);
    renderWizard();
    const year = screen.getByLabelText(/^Publication Year/);
    await user.clear(year);
    await user.type(year, '2099');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    const message = `Publication year must be between 1900 and ${new Date().getFullYear()}`;
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent(message));
    expect(document.querySelector('[data-sonner-toast]')).not.toHaveTextContent('Please fill in all required fields');
    expect(year).toHaveAttribute('aria-invalid', 'true');
    await user.clear(year);
    await user.type(year, '2019');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Book Details' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
  });

  it('shows Invalid ISBN for a wrong check digit before anything is sent, and moves on once it is right', async () => {
    const user = userEvent.setup();
    // Nothing may be sent: any request fails the test.
    mockApi(() => undefined);
    startFilled(1);
    renderWizard();
    const isbn = screen.getByLabelText(/^ISBN/);
    await user.clear(isbn);
    await user.type(isbn, '978-1-285-74155-1');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Invalid ISBN'));
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
    expect(isbn).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Invalid ISBN').length).toBeGreaterThan(0);
    // The ISBN-10 of the same book, ending in its check digit, passes.
    await user.clear(isbn);
    await user.type(isbn, '1 285 74155 2');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Book Details' })).toBeInTheDocument();
  });

  it('moves through the three steps with Next and Previous, keeping what was typed', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderWizard();
    await user.type(screen.getByLabelText(/^Title/), FILLED.title);
    await user.type(screen.getByLabelText(/^Author/), FILLED.author);
    await user.type(screen.getByLabelText(/^ISBN/), FILLED.isbn);
    await user.type(screen.getByLabelText(/^Publisher/), FILLED.publisher);
    await user.type(screen.getByLabelText(/^Publication Year/), FILLED.publicationYear);
    await user.type(screen.getByLabelText(/^Edition/), FILLED.edition);
    await user.click(screen.getByRole('button', { name: /Next/ }));

    expect(screen.getByRole('heading', { level: 2, name: 'Book Details' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    // Step 2 has its own required fields.
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Language/), 'english');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Computer Science');
    await user.selectOptions(screen.getByLabelText(/^Study Level/), 'undergraduate');
    await user.selectOptions(screen.getByLabelText(/^Condition/), 'Like New');
    await user.type(screen.getByLabelText(/^Price/), '450');
    await user.type(screen.getByLabelText(/^Number of Pages/), '300');
    await user.click(screen.getByRole('button', { name: /Next/ }));

    expect(screen.getByRole('heading', { level: 2, name: 'Images & Description' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(screen.getByLabelText(/^Category/)).toHaveValue('computer-science');
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue(FILLED.title);
  });

  it('keeps the text draft across a reload and says photos are not kept', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    const first = renderWizard();
    await user.type(screen.getByLabelText(/^Title/), 'Organic Chemistry');
    first.unmount();
    renderWizard();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Organic Chemistry');
    expect(screen.getByText('We restored the details you entered last time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(window.localStorage.getItem(draftKey(STUDENT_ID))).toBeNull();
  });
});

describe('photos', () => {
  it('shows the count hints, refuses a seventh photo and keeps submit off below 4', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    startFilled(3);
    renderWizard();
    expect(screen.getByText(/Photos are not kept in your draft/)).toBeInTheDocument();
    expect(screen.getByText('PNG, JPG, GIF up to 5MB each')).toBeInTheDocument();
    expect(screen.getByText('Upload at least 4 more images')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'List Book' });
    expect(submit).toBeDisabled();

    const input = screen.getByLabelText(/Add photos/);
    await user.upload(input, pngs(3));
    expect(screen.getByText('Upload at least 1 more images')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(3);
    expect(submit).toBeDisabled();

    await user.upload(input, pngs(3, 4));
    expect(screen.getByText('Maximum images reached')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.getByText('You can add 1 more images')).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    expect(screen.queryByRole('img', { name: 'Photo 2: photo-2.png' })).not.toBeInTheDocument();

    await user.upload(input, pngs(2, 7));
    expect(await screen.findByText('Maximum 6 images allowed')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(6);
    expect(screen.getByText('Maximum images reached')).toBeInTheDocument();
  });

  it('refuses files that are not pictures', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockApi(() => undefined);
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Images must be PNG, JPG, GIF or WebP')).toBeInTheDocument();
    expect(screen.getByText('Upload at least 4 more images')).toBeInTheDocument();
  });
});

describe('submitting', () => {
  it('lists the book as multipart and offers View My Books or List Another Book', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/books' ? new Promise<Response>((resolve) => (release = resolve)) : undefined,
    );
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(4));
    await user.click(screen.getByRole('button', { name: 'List Book' }));

    const busy = await screen.findByRole('button', { name: /Listing Book/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    const post = calls.find((call) => call.method === 'POST' && call.path === '/books');
    const form = post!.form!;
    expect(form.getAll('images')).toHaveLength(4);
    const bookData = JSON.parse(String(form.get('bookData'))) as Record<string, unknown>;
    expect(bookData).toMatchObject({ title: FILLED.title, price: 450.5, publicationYear: 2019, numberOfPages: 1368, condition: 'good' });
    expect(bookData).not.toHaveProperty('additionalNotes');

    release(json(201, { book: { id: 'bk_new' } }));
    expect(await screen.findByText('Book listed successfully!')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Book Listed Successfully!' });
    expect(within(dialog).getByText('Book submitted successfully!')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View My Books' })).toHaveAttribute('href', '/seller/books');
    expect(window.localStorage.getItem(draftKey(STUDENT_ID))).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'List Another Book' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(4);
  });


  it('shows each photo and the whole upload going up, and sends once however fast List Book is tapped', async () => {
    const user = userEvent.setup();
    // Every byte goes out, and the server's answer (it checks and re-encodes the photos) takes a while.
    const answer = heldAnswer(201, { book: { id: 'bk_new' } });
    const calls = mockApi((call) => (call.method === 'POST' && call.path === '/books' ? answer.response : undefined));
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(4));
    const list = screen.getByRole('button', { name: 'List Book' });
    await user.dblClick(list);
    await user.click(list);
    const overall = await screen.findByRole('progressbar', { name: /Photos sent|Sending your listing/ });
    await waitFor(() => expect(overall).toHaveAttribute('aria-valuenow', '100'));
    for (const n of [1, 2, 3, 4]) expect(screen.getByRole('progressbar', { name: `Photo ${n} upload` })).toHaveAttribute('aria-valuenow', '100');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    answer.release();
    expect(await screen.findByRole('dialog', { name: 'Book Listed Successfully!' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers Try again after a dropped connection, keeping every field and photo, and lists on the retry', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const calls = mockApi((call) => {
      if (call.method !== 'POST' || call.path !== '/books') return undefined;
      attempts += 1;
      if (attempts === 1) return networkError();
      return json(201, { book: { id: 'bk_new' } });
    });
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(5));
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your details and photos are still here');
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(5);
    expect(screen.getByLabelText(/^Description/)).toHaveValue(FILLED.description);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Book Listed Successfully!' })).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.form!.getAll('images')).toHaveLength(5);
    expect(JSON.parse(String(posts[1]!.form!.get('bookData')))).toMatchObject({ title: FILLED.title });
  });

  it('sends the same Idempotency-Key on Try again, and a new one once the seller changes anything', async () => {
    const user = userEvent.setup();
    let drop = true;
    const calls = mockApi((call) => {
      if (call.method !== 'POST' || call.path !== '/books') return undefined;
      if (drop) return networkError();
      return json(201, { book: { id: 'bk_new' } });
    });
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(4));
    const keys = () => calls.filter((call) => call.method === 'POST').map((call) => call.headers['idempotency-key']);

    await user.click(screen.getByRole('button', { name: 'List Book' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(keys()).toHaveLength(2));
    await screen.findByRole('button', { name: 'Try again' });
    expect(keys()[0]).toMatch(/^[\w-]{32,36}$/);
    expect(keys()[1]).toBe(keys()[0]);

    // A fifth photo makes it another listing attempt: a new key, kept again across its retry.
    await user.upload(screen.getByLabelText(/Add photos/), pngs(1, 5));
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(keys()).toHaveLength(4));
    await screen.findByRole('button', { name: 'Try again' });
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(keys()[3]).toBe(keys()[2]);

    // So does a changed field.
    await user.clear(screen.getByLabelText(/^Description/));
    await user.type(screen.getByLabelText(/^Description/), 'Clean copy, no notes.');
    drop = false;
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    expect(await screen.findByRole('dialog', { name: 'Book Listed Successfully!' })).toBeInTheDocument();
    expect(keys()).toHaveLength(5);
    expect(new Set(keys()).size).toBe(3);
  });

  it('goes to My Books from the dialog', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.method === 'POST' && call.path === '/books' ? json(201, { book: { id: 'bk_new' } }) : undefined));
    startFilled(3);
    const { router } = renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(4));
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    await user.click(await screen.findByRole('link', { name: 'View My Books' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/books'));
  });

  it("toasts the server's message, or 'Failed to list book' when there is none", async () => {
    const user = userEvent.setup();
    let answer = json(413, { error: 'Each image must be 5MB or smaller', code: 'PAYLOAD_TOO_LARGE' });
    mockApi((call) => (call.method === 'POST' && call.path === '/books' ? answer : undefined));
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(4));
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    expect(await screen.findByText('Each image must be 5MB or smaller')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The photos stay for another try.
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(4);

    toast.dismiss();
    answer = new Response('Bad gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    expect(await screen.findByText('Failed to list book')).toBeInTheDocument();
  });

  it('sends the seller back to the step of a field the server refused', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.method === 'POST' && call.path === '/books'
        ? json(400, { error: 'ISBN must have 10 or 13 digits', code: 'VALIDATION', fields: { isbn: 'ISBN must have 10 or 13 digits' } })
        : undefined,
    );
    startFilled(3);
    renderWizard();
    await user.upload(screen.getByLabelText(/Add photos/), pngs(4));
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^ISBN/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('ISBN must have 10 or 13 digits').length).toBeGreaterThan(0);
  });
});
