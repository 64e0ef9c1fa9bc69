// Sharing a listing from its page: the WhatsApp link (title, price and the public address, a new tab),
// Copy link ('Link copied' as a toast and in a live region; the copy command when the Clipboard API
// refuses; the link in a box to copy by hand when both fail), the browser's share sheet only where it
// exists, the public address from the buyer's area too, the canonical link while the page is open, and
// the document's title and description as the server writes them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES, bookPageDescription, formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { bookWith, dashboardShell, json, list, mockApi, renderApp, studentWith } from './harness';

const BOOK_ID = 'bk_calculus0000001';
const PUBLIC_URL = `${window.location.origin}/books/${BOOK_ID}`;

beforeEach(() => {
  mockApi(dashboardShell);
  mockApi((call) => {
    if (call.method !== 'GET') return undefined;
    if (call.path === `/books/${BOOK_ID}`) return json(200, { book: bookWith() });
    if (call.path === `/editions/${SAMPLE_ISBN13}`) return json(200, { edition: editionWith() });
    return undefined;
  });
});

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  delete (navigator as { share?: unknown }).share;
  delete (document as { execCommand?: unknown }).execCommand;
});

async function sharePanel(path = `/books/${BOOK_ID}`, student: Parameters<typeof renderApp>[1] = null) {
  renderApp(path, student);
  return within(await screen.findByRole('region', { name: 'Share this book' }));
}

describe('sharing a listing', () => {
  it('links to WhatsApp with the title, the price and the public address, in a new tab', async () => {
    const panel = await sharePanel();
    const link = panel.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' });
    const text = `Calculus: Early Transcendentals for ${formatRand(450.5)} on Reshelf: ${PUBLIC_URL}`;
    expect(link).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    // No share sheet in this browser (jsdom has no navigator.share), so no button for one.
    expect(panel.queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  });

  it("shares the public address from the buyer's area too", async () => {
    const panel = await sharePanel(`/buyer/books/${BOOK_ID}`, studentWith('buyer'));
    const href = panel.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href')!;
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toMatch(new RegExp(`: ${PUBLIC_URL}$`));
    // The page keeps its canonical link in an effect, which may run after the panel is drawn.
    await waitFor(() => expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(PUBLIC_URL));
  });

  it("copies the link: a toast and the live region say 'Link copied'", async () => {
    const user = userEvent.setup();
    const panel = await sharePanel();
    await user.click(panel.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied', { selector: '[data-title]' })).toBeInTheDocument();
    expect(panel.getByRole('status')).toHaveTextContent(SHARE_MESSAGES.linkCopied);
    expect(await navigator.clipboard.readText()).toBe(PUBLIC_URL);
    expect(panel.queryByRole('textbox', { name: 'Link to this book' })).not.toBeInTheDocument();
  });

  it('copies with the copy command when the Clipboard API refuses', async () => {
    const user = userEvent.setup();
    const panel = await sharePanel();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      // What the command would copy: the selected field's text.
      const field = document.activeElement;
      copied.push(`${command}:${field instanceof HTMLTextAreaElement ? field.value.slice(field.selectionStart, field.selectionEnd) : ''}`);
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const button = panel.getByRole('button', { name: 'Copy link' });
    await user.click(button);
    expect(await screen.findByText('Link copied', { selector: '[data-title]' })).toBeInTheDocument();
    expect(copied).toEqual([`copy:${PUBLIC_URL}`]);
    // The helper field is gone and the focus is back on the button.
    expect(document.querySelector('textarea')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('shows the link in a box to copy by hand when copying fails', async () => {
    const user = userEvent.setup();
    const panel = await sharePanel();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(panel.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(SHARE_MESSAGES.copyFailed, { selector: '[data-title]' })).toBeInTheDocument();
    const box = panel.getByRole('textbox', { name: 'Link to this book' });
    expect(box).toHaveValue(PUBLIC_URL);
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveFocus();
    expect(panel.getByRole('status')).toHaveTextContent(SHARE_MESSAGES.copyFailed);
    expect(screen.queryByText('Link copied', { selector: '[data-title]' })).not.toBeInTheDocument();
  });

  it("opens the browser's share sheet where it exists, and says nothing when it is closed without sharing", async () => {
    const user = userEvent.setup();
    const failures = vi.spyOn(toast, 'error');
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const panel = await sharePanel();
    const button = panel.getByRole('button', { name: 'Share…' });
    await user.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({ title: 'Calculus: Early Transcendentals', text: `Calculus: Early Transcendentals for ${formatRand(450.5)} on Reshelf`, url: PUBLIC_URL });

    share.mockRejectedValueOnce(new DOMException('No share target', 'NotAllowedError'));
    await user.click(button);
    expect(await screen.findByText(SHARE_MESSAGES.shareFailed, { selector: '[data-title]' })).toBeInTheDocument();
    expect(share).toHaveBeenCalledTimes(2);
    // Only the real failure was told; closing the sheet was not.
    expect(failures.mock.calls).toEqual([[SHARE_MESSAGES.shareFailed]]);
  });

  it("opens one share sheet however fast the button is tapped while the sheet opens", async () => {
    const user = userEvent.setup();
    let close!: () => void;
    const share = vi.fn(() => new Promise<void>((resolve) => (close = resolve)));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const panel = await sharePanel();
    const button = panel.getByRole('button', { name: 'Share…' });
    await user.click(button);
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(1);
    // Once the sheet has closed, the button shares again.
    close();
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(2);
  });

  it('gives the document the title and description the server sends, and takes the canonical link away on leaving', async () => {
    const user = userEvent.setup();
    await sharePanel();
    await waitFor(() => expect(document.title).toBe('Calculus: Early Transcendentals | Reshelf'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', bookPageDescription(bookWith()));
    await waitFor(() => expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(PUBLIC_URL));
    mockApi((call) => (call.method === 'GET' && call.path.startsWith('/books?') ? json(200, { ...list([]), suggestion: null }) : undefined));
    await user.click(screen.getAllByRole('link', { name: /Back to books/i })[0]!);
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')).toBeNull());
  });
});
