import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadPromoDialog, PromoPopup, PROMO_STORAGE_KEY } from '../src/features/marketing/components/promo-popup';

const DAY = 24 * 60 * 60 * 1000;

function renderHome() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PromoPopup /> },
      { path: '/signup', element: <h1>Sign Up page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

describe('promo popup, before its code has loaded', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // The dialog's code is not part of the landing page: it loads a second before the popup is due, and
  // the popup shows once it has arrived.
  it('shows once the dialog code has arrived', async () => {
    renderHome();
    act(() => vi.advanceTimersByTime(5000));
    await act(() => loadPromoDialog());
    expect(screen.getByRole('dialog', { name: 'Start trading textbooks today' })).toBeInTheDocument();
    expect(window.localStorage.getItem(PROMO_STORAGE_KEY)).not.toBeNull();
  });
});

describe('promo popup', () => {
  // The code is usually there by the time the popup is due (it starts loading at 4 s).
  beforeAll(() => loadPromoDialog());
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears 5 seconds after load, not before', () => {
    renderHome();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Start trading textbooks today' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('waits while the phone menu (or another dialog) holds the page, then appears', async () => {
    renderHome();
    // The menu locks the page's scrolling while it is open.
    document.body.style.overflow = 'hidden';
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(PROMO_STORAGE_KEY)).toBeNull();
    await act(async () => {
      document.body.style.overflow = '';
      // MutationObserver callbacks run as a microtask.
      await Promise.resolve();
    });
    expect(screen.getByRole('dialog', { name: 'Start trading textbooks today' })).toBeInTheDocument();
  });

  it('closes on Maybe Later after its 300 ms animation and stays away for 7 days', () => {
    const first = renderHome();
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    // Still on screen while it animates out.
    expect(screen.getByRole('dialog').querySelector('[data-state]')).toHaveAttribute('data-state', 'closed');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Number(JSON.parse(window.localStorage.getItem(PROMO_STORAGE_KEY)!))).toBe(Date.now() - 300);
    first.unmount();

    // Six days later: no popup.
    vi.setSystemTime(Date.now() + 6 * DAY);
    const second = renderHome();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();

    // More than 7 days after it was shown: it comes back.
    vi.setSystemTime(Date.now() + 1 * DAY + 1);
    renderHome();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with the close button', () => {
    renderHome();
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape', () => {
    renderHome();
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Get Started goes to /signup', () => {
    const { router } = renderHome();
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(router.state.location.pathname).toBe('/signup');
  });
});
