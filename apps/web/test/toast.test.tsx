// The toast facade: sonner is not part of the first page load. It loads when the first toast is asked
// for (or on the first touch or key press), the calls made meanwhile are replayed in order, and the toast
// area only mounts once sonner is there.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh facade and toast host (module state reset), as on a first page load. */
async function firstLoad() {
  vi.resetModules();
  const facade = await import('../src/components/ui/toast');
  const { Toaster } = await import('../src/components/ui/toaster');
  return { ...facade, Toaster };
}

const toastArea = () => screen.queryByRole('region', { name: /Notifications/ });

beforeEach(async () => {
  // sonner's own store outlives a module reset: start each test with nothing shown.
  (await import('sonner')).toast.dismiss();
});

describe('toast', () => {
  it('mounts nothing until a toast is asked for, then shows it', async () => {
    const { toast, Toaster, loadedToastArea } = await firstLoad();
    render(<Toaster />);
    expect(loadedToastArea()).toBeNull();
    expect(toastArea()).not.toBeInTheDocument();

    toast.success('Listing saved');
    expect(await screen.findByText('Listing saved')).toBeInTheDocument();
    expect(toastArea()).toBeInTheDocument();
  });

  it('replays the calls made while sonner loads, in order, and gives each toast its id at once', async () => {
    const { toast, Toaster, preloadToasts } = await firstLoad();
    render(<Toaster />);
    toast.info('First');
    toast.dismiss();
    const id = toast.error('Second');
    expect(id).toEqual(expect.any(String));
    await act(() => preloadToasts());

    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    act(() => void toast.dismiss(id));
    await waitFor(() => expect(screen.queryByText('Second')).not.toBeInTheDocument());
  });

  it('keeps an id the caller chose', async () => {
    const { toast, Toaster } = await firstLoad();
    render(<Toaster />);
    expect(toast.error('Access denied', { id: 'access-denied' })).toBe('access-denied');
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
  });

  it('loads on the first touch or key press, so the area is there before the first toast', async () => {
    const { Toaster, loadedToastArea } = await firstLoad();
    render(<Toaster />);
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(loadedToastArea()).not.toBeNull());
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('shows toasts at the top below the top bar, clear of navigation and of form buttons, with a labelled close button', async () => {
    const { toast, Toaster } = await firstLoad();
    render(<Toaster />);
    toast.error('Failed to approve listing');
    expect(await screen.findByText('Failed to approve listing')).toBeInTheDocument();
    const list = document.querySelector('[data-sonner-toaster]');
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect((list as HTMLElement).style.getPropertyValue('--offset-top')).toBe('80px');
    expect((list as HTMLElement).style.getPropertyValue('--mobile-offset-top')).toBe('80px');
    const close = screen.getByRole('button', { name: 'Close' });
    await act(async () => fireEvent.click(close));
    await waitFor(() => expect(screen.queryByText('Failed to approve listing')).not.toBeInTheDocument());
  });

  it('shows a toast raised in an open dialog inside it, and keeps the same toast on screen when the dialog has gone', async () => {
    const { toast, Toaster } = await firstLoad();
    const { Dialog } = await import('../src/components/ui/dialog');
    const Page = ({ open }: { open: boolean }) => (
      <>
        <Dialog open={open} onClose={() => {}} title="Delete account">
          <p>Sure?</p>
        </Dialog>
        <Toaster />
      </>
    );
    const { rerender } = render(<Page open />);
    toast.error('Please wait for the current operation to complete');
    const shown = await screen.findByText('Please wait for the current operation to complete');
    expect(screen.getByRole('dialog', { name: 'Delete account' })).toContainElement(shown);
    rerender(<Page open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The very element the student was reading: moved out with its area, not drawn again.
    expect(shown).toBeInTheDocument();
    expect(screen.getByText('Please wait for the current operation to complete')).toBe(shown);
  });

  it('dismissing before any toast was asked for loads nothing', async () => {
    const { toast, loadedToastArea } = await firstLoad();
    toast.dismiss();
    await Promise.resolve();
    expect(loadedToastArea()).toBeNull();
  });
});
