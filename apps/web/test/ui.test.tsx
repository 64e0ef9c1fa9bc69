import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Avatar } from '../src/components/ui/avatar';
import { Badge } from '../src/components/ui/badge';
import { BookImage } from '../src/components/ui/book-image';
import { Button } from '../src/components/ui/button';
import { Dialog } from '../src/components/ui/dialog';
import { Field } from '../src/components/ui/field';
import { Input } from '../src/components/ui/input';
import { LoadFailed } from '../src/components/ui/load-failed';
import { Pager } from '../src/components/ui/pager';
import { ApiError } from '../src/lib/api';
import { PasswordInput } from '../src/components/ui/password-input';
import { Spinner } from '../src/components/ui/spinner';
import { Tabs } from '../src/components/ui/tabs';
import { renderAt } from './helpers';

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

  it('Pager pages in place with buttons: the current page marked, Previous and Next off at the ends, the line read out', async () => {
    const user = userEvent.setup();
    function Paged() {
      const [page, setPage] = useState(1);
      return <Pager text={`Showing page ${page} of 5`} page={page} pageCount={5} onPage={setPage} />;
    }
    render(<Paged />);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(screen.getByText('Showing page 5 of 5')).toHaveAttribute('aria-live', 'polite');
    expect(within(pager).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(within(pager).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
  });

  it('Pager pages by address with links, shows nothing for one page, and keeps its line when there is one', () => {
    const { unmount } = renderAt(<Pager page={2} pageCount={3} hrefFor={(n) => `/books?page=${n}`} />, '/books');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/books?page=1');
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/books?page=3');
    unmount();
    const { container, unmount: gone } = render(<Pager page={1} pageCount={1} hrefFor={(n) => `/books?page=${n}`} />);
    expect(container).toBeEmptyDOMElement();
    gone();
    render(<Pager text="Showing 1 to 3 of 3" page={1} pageCount={1} onPage={() => {}} />);
    expect(screen.getByText('Showing 1 to 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('Avatar shows initials when its image fails, and tries again with a new style', () => {
    const { container, rerender } = render(<Avatar seed="stu_1" style={3} size={40} name="Thandi Nkosi" decorative={false} />);
    const image = screen.getByRole('img', { name: 'Thandi Nkosi' });
    expect(image).toHaveAttribute('src', '/api/v1/avatars/stu_1.svg?style=3');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Thandi Nkosi' })).toHaveTextContent('TN');
    rerender(<Avatar seed="stu_1" style={4} size={40} name="Thandi Nkosi" decorative={false} />);
    expect(screen.getByRole('img', { name: 'Thandi Nkosi' })).toHaveAttribute('src', '/api/v1/avatars/stu_1.svg?style=4');
  });
});
