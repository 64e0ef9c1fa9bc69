import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge } from '../src/components/ui/badge';
import { BookImage } from '../src/components/ui/book-image';
import { Button } from '../src/components/ui/button';
import { Dialog } from '../src/components/ui/dialog';
import { Field } from '../src/components/ui/field';
import { Input } from '../src/components/ui/input';
import { LoadFailed } from '../src/components/ui/load-failed';
import { ApiError } from '../src/lib/api';
import { PasswordInput } from '../src/components/ui/password-input';
import { Spinner } from '../src/components/ui/spinner';
import { Tabs } from '../src/components/ui/tabs';

describe('design system', () => {
  it('LoadFailed says what could not be loaded and why, and tries again, as a page body or as a notice in a section', async () => {
    const user = userEvent.setup();
    let retries = 0;
    const { unmount } = render(<LoadFailed what="your cart" error={new ApiError(503, 'The server is busy', 'UNAVAILABLE')} onRetry={() => (retries += 1)} />);
    expect(screen.getByRole('heading', { name: "We couldn't load your cart" })).toBeInTheDocument();
    expect(screen.getByText('The server is busy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retries).toBe(1);
    unmount();

    render(<LoadFailed layout="section" what="the reports" error={new TypeError('Failed to fetch')} onRetry={() => (retries += 1)} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the reports.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retries).toBe(2);
  });

  it('Field ties the label, hint and error to its control', () => {
    render(
      <Field label="Email Address" hint="Your university address" error="Invalid email format">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Email Address');
    expect(input).toHaveAccessibleDescription('Your university address Invalid email format');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('PasswordInput shows and hides the password', async () => {
    const user = userEvent.setup();
    render(
      <Field label="Password">
        <PasswordInput defaultValue="Secret1!" />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('Button shows a busy state and can render a link', () => {
    render(
      <>
        <Button loading>Logging in...</Button>
        <Button asChild variant="outline">
          <a href="/signup">Sign Up</a>
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Logging in...' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveClass('rounded-full');
  });

  it('Spinner has an accessible label and Badge names the status', () => {
    render(
      <>
        <Spinner label="Checking your session" />
        <Badge status="declined" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.getByText('Declined')).toHaveClass('text-red-800');
  });

  it('Dialog moves focus in, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Delete account</button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Are you sure?">
            <button>Confirm</button>
          </Dialog>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete account' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Tab wraps at both ends: from the last control to the first and back.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    confirm.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('Tabs move with the arrow keys and only the selected tab is in the tab order', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Settings"
        items={[
          { id: 'profile', label: 'Profile', panel: <p>Profile panel</p> },
          { id: 'security', label: 'Security & Privacy', panel: <p>Security panel</p> },
        ]}
      />,
    );
    const [profile, security] = screen.getAllByRole('tab');
    expect(profile).toHaveAttribute('aria-selected', 'true');
    expect(security).toHaveAttribute('tabindex', '-1');
    await user.click(profile!);
    await user.keyboard('{ArrowRight}');
    expect(security).toHaveFocus();
    expect(security).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Security panel');
    await user.keyboard('{ArrowRight}');
    expect(profile).toHaveFocus();
  });

  it('shows the placeholder for a listing photo that is missing or fails to load, and tries a new source', () => {
    const { rerender } = render(<BookImage src={undefined} alt="Cover" />);
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', '/placeholder-book.svg');

    rerender(<BookImage src="/uploads/a.webp" alt="Cover" />);
    const photo = screen.getByRole('img', { name: 'Cover' });
    expect(photo).toHaveAttribute('src', '/uploads/a.webp');
    fireEvent.error(photo);
    expect(photo).toHaveAttribute('src', '/placeholder-book.svg');

    rerender(<BookImage src="/uploads/b.webp" alt="Cover" />);
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', '/uploads/b.webp');
  });
});
