// Course codes: the chip input of the edit dialog (type and Enter or Add, labelled Remove buttons, codes
// checked as typed, suggestions from earlier listings of the ISBN, sent as `courses`), the catalogue's
// `course` filter read from the address and shown as a removable filter, and the book page's course links.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { MyBooksPage } from '../src/features/selling/my-books-page';
import { SellPage } from '../src/features/selling/sell/sell-page';
import { draftKey } from '../src/features/selling/sell/wizard-draft';
import { bookWith as appBook, dashboardShell, json as appJson, list as appList, mockApi as appMockApi, renderApp, type Call } from './harness';
import { bookWith, json, list, mockApi, renderPage, studentWith } from './selling-helpers';

afterEach(() => {
  toast.dismiss();
});

describe('course codes in the edit dialog', () => {
  const book = bookWith({ title: 'Calculus', isbn: '9781285741550', status: 'approved', courses: [{ university: 'wits', code: 'MATH1014' }] });

  function answer() {
    return mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list([book]));
      // Earlier listings of this ISBN: two courses at the seller's university (one already on the
      // listing), one at another university, which is not offered.
      if (call.method === 'GET' && call.path === '/editions/9781285741550') {
        return json(200, {
          edition: {
            isbn13: '9781285741550', title: 'Calculus', author: 'James Stewart', publisher: 'Cengage', publicationYear: 2019, edition: '8th',
            available: 2, sold: 0, price: null, newPrice: null, copies: [],
            courses: [{ university: 'uct', code: 'MAM1000W' }, { university: 'wits', code: 'MATH1014' }, { university: 'wits', code: 'STAT1000' }],
          },
        });
      }
      if (call.method === 'PATCH') return json(200, { book: { ...book, status: 'pending' } });
      return undefined;
    });
  }

  async function openDialog() {
    const user = userEvent.setup();
    const calls = answer();
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Edit Calculus' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    return { user, calls, dialog, input: within(dialog).getByRole('textbox', { name: /^Course codes/ }) };
  }

  it('adds codes with Enter, Add and a suggestion, removes one, and sends the list upper-cased', async () => {
    const { user, calls, dialog, input } = await openDialog();
    const chips = () => within(within(dialog).getByRole('list', { name: 'Course codes added' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(chips()).toEqual(['MATH1014']);

    // Only the seller's university's course not already on the listing is offered.
    const suggestion = await within(dialog).findByRole('button', { name: 'Add suggested course STAT1000' });
    expect(within(dialog).queryByRole('button', { name: /MAM1000W/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add suggested course MATH1014' })).not.toBeInTheDocument();

    // A hyphen is refused as it is typed; Enter adds the code and does not submit the form.
    await user.type(input, 'phys-1000{Enter}');
    expect(chips()).toEqual(['MATH1014', 'PHYS1000']);
    expect(input).toHaveValue('');
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.click(suggestion);
    expect(chips()).toEqual(['MATH1014', 'PHYS1000', 'STAT1000']);
    expect(within(dialog).queryByRole('button', { name: 'Add suggested course STAT1000' })).not.toBeInTheDocument();

    // The same code again is ignored; a code too short says why.
    await user.type(input, 'stat1000');
    await user.click(within(dialog).getByRole('button', { name: 'Add course code' }));
    expect(chips()).toEqual(['MATH1014', 'PHYS1000', 'STAT1000']);
    await user.type(input, 'm{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.courseCode);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);

    // Each chip's Remove button has its code in its name and works from the keyboard.
    within(dialog).getByRole('button', { name: 'Remove MATH1014' }).focus();
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['PHYS1000', 'STAT1000']);

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({
      courses: [
        { university: 'wits', code: 'PHYS1000' },
        { university: 'wits', code: 'STAT1000' },
      ],
    });
  });

  it('sends no courses when the list is as it was', async () => {
    const { user, calls, dialog } = await openDialog();
    await within(dialog).findByRole('button', { name: 'Add suggested course STAT1000' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('stops at 10 courses', async () => {
    const { user, dialog, input } = await openDialog();
    for (let i = 1; i < 10; i++) await user.type(input, `CODE${i}{Enter}`);
    expect(within(within(dialog).getByRole('list', { name: 'Course codes added' })).getAllByRole('listitem')).toHaveLength(10);
    expect(input).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Add suggested course STAT1000' })).not.toBeInTheDocument();
  });
});

describe('course codes in the sell wizard', () => {
  const FILLED = {
    title: 'Calculus, Early Transcendentals', author: 'James Stewart', isbn: '978-1-285-74155-0', publisher: 'Cengage', publicationYear: '2019',
    edition: '8th', language: 'english', category: 'mathematics', studyLevel: 'undergraduate', condition: 'good', price: '450.50',
    numberOfPages: '1368', description: 'Some highlighting in chapter 2.', additionalNotes: '',
  };
  const draft = () => JSON.parse(window.localStorage.getItem(draftKey(studentWith('seller').id)) ?? 'null') as { values: { courses: unknown } } | null;

  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('offers the ISBN’s earlier courses, adds typed ones without leaving the step, keeps them in the draft and sends them', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(draftKey(studentWith('seller').id), JSON.stringify({ values: FILLED, step: 1 }));
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/editions/9781285741550') {
        return json(200, {
          edition: {
            isbn13: '9781285741550', title: FILLED.title, author: FILLED.author, publisher: FILLED.publisher, publicationYear: 2019, edition: '8th',
            available: 1, sold: 0, price: null, newPrice: null, copies: [], courses: [{ university: 'wits', code: 'MATH1014' }],
          },
        });
      }
      if (call.method === 'POST' && call.path === '/books') return json(201, { book: { id: 'bk_new' } });
      return undefined;
    });
    renderPage(<SellPage />, { path: '/seller/sell' });
    await user.click(await screen.findByRole('button', { name: 'Add suggested course MATH1014' }));
    await user.type(screen.getByRole('textbox', { name: /^Course codes/ }), 'stat1000{Enter}');
    // Enter added the code; it did not move on to the next step.
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Course codes added' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['MATH1014', 'STAT1000']);
    await waitFor(() =>
      expect(draft()?.values.courses).toEqual([
        { university: 'wits', code: 'MATH1014' },
        { university: 'wits', code: 'STAT1000' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('button', { name: /Next/ }));
    await user.upload(await screen.findByLabelText(/Add photos/), [1, 2, 3, 4].map((n) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], `p${n}.png`, { type: 'image/png' })));
    await user.click(screen.getByRole('button', { name: 'List Book' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/books')).toBe(true));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/books')!;
    expect(JSON.parse(String(post.form!.get('bookData'))).courses).toEqual([
      { university: 'wits', code: 'MATH1014' },
      { university: 'wits', code: 'STAT1000' },
    ]);
  });
});

describe('the catalogue by course', () => {
  beforeEach(() => {
    appMockApi(dashboardShell);
  });

  const searches = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/books?')).map((call) => new URLSearchParams(call.path.split('?')[1]));

  it('asks for the course in the address (upper-cased) and shows it as a removable filter', async () => {
    const user = userEvent.setup();
    const tagged = appBook({ id: 'bk_tagged00000001', title: 'Thomas Calculus', courses: [{ university: 'wits', code: 'MATH1014' }] });
    const calls = appMockApi((call) => {
      if (call.method !== 'GET' || !call.path.startsWith('/books?')) return undefined;
      const params = new URLSearchParams(call.path.split('?')[1]);
      return appJson(200, { ...appList(params.get('course') === 'MATH1014' ? [tagged] : [tagged, appBook()], params.get('course') ? 1 : 2), suggestion: null });
    });
    const { router } = renderApp('/books?course=math1014&university=wits');
    expect(await screen.findByRole('link', { name: 'Thomas Calculus' })).toBeInTheDocument();
    const first = searches(calls)[0]!;
    expect(first.get('course')).toBe('MATH1014');
    expect(first.get('university')).toBe('wits');

    const filters = screen.getByRole('list', { name: 'Active filters' });
    const remove = within(filters).getByRole('button', { name: 'Remove filter Course: MATH1014' });
    await user.click(remove);
    await waitFor(() => expect(router.state.location.search).toBe('?university=wits'));
    await waitFor(() => expect(searches(calls).at(-1)!.has('course')).toBe(false));
    expect(within(screen.getByRole('list', { name: 'Active filters' })).queryByRole('button', { name: /Course/ })).not.toBeInTheDocument();
  });

  it('ignores a course in the address that is not a course code', async () => {
    const calls = appMockApi((call) => (call.method === 'GET' && call.path.startsWith('/books?') ? appJson(200, { ...appList([]), suggestion: null }) : undefined));
    renderApp('/books?course=MATH-1014%3B');
    await screen.findByText('0 books for sale');
    expect(searches(calls)[0]!.has('course')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it("the book page links each of the book's courses to the catalogue filtered to it", async () => {
    const book = appBook({
      courses: [
        { university: 'wits', code: 'MATH1014' },
        { university: 'uct', code: 'MAM1000W' },
      ],
    });
    appMockApi((call) => {
      if (call.method !== 'GET') return undefined;
      if (call.path === `/books/${book.id}`) return appJson(200, { book });
      if (call.path.startsWith('/editions/')) return appJson(404, { error: MESSAGES.editionNotFound, code: 'NOT_FOUND' });
      return undefined;
    });
    renderApp(`/books/${book.id}`);
    const courses = await screen.findByRole('list', { name: 'Courses this book is used for' });
    const wits = within(courses).getByRole('link', { name: 'Books for MATH1014 at University of the Witwatersrand' });
    expect(wits).toHaveAttribute('href', '/books?course=MATH1014&university=wits');
    expect(wits).toHaveTextContent(/^MATH1014$/);
    const uct = within(courses).getByRole('link', { name: 'Books for MAM1000W at University of Cape Town' });
    expect(uct).toHaveTextContent('MAM1000W (University of Cape Town)');
  });
});
