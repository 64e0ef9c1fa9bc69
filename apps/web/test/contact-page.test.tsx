import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_UNIVERSITIES, SUPPORT_EMAIL_META } from '@reshelf/shared';
import { ContactPage } from '../src/features/contact/contact-page';
import { PrivacyPage } from '../src/features/marketing/pages/privacy-page';
import { TermsPage } from '../src/features/marketing/pages/terms-page';
import { json, mockApi } from './api-mock';
import { renderAt } from './helpers';

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Thandi');
  await user.type(screen.getByLabelText(/Last name/), 'Mokoena');
  await user.type(screen.getByLabelText(/Student number/), '219012345');
  await user.selectOptions(screen.getByLabelText(/University/), 'University of Johannesburg');
  await user.type(screen.getByLabelText(/Email address/), 'thandi@student.uj.ac.za');
  await user.type(screen.getByLabelText(/Message/), 'How do I change my meetup time?');
}

describe('contact page', () => {
  it('offers the 25 universities in alphabetical order and the info cards', () => {
    renderAt(<ContactPage />, '/contact');
    const options = Array.from((screen.getByLabelText(/University/) as HTMLSelectElement).options).slice(1);
    expect(options.map((o) => o.value)).toEqual([...CONTACT_UNIVERSITIES]);
    expect(options).toHaveLength(25);
    expect(screen.getByText('Johannesburg, South Africa')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@reshelf.co.za' })).toHaveAttribute('href', 'mailto:support@reshelf.co.za');
    expect(screen.getByText('We reply within 72 hours')).toBeInTheDocument();
    expect(document.title).toBe('Contact Us | Reshelf');
  });

  it("shows the deployment's own support address, as the server writes it into the page, on contact, terms and privacy", () => {
    const meta = document.createElement('meta');
    meta.name = SUPPORT_EMAIL_META;
    meta.content = 'help@books.example.ac.za';
    document.head.append(meta);
    try {
      for (const [page, path] of [[<ContactPage key="c" />, '/contact'], [<TermsPage key="t" />, '/terms'], [<PrivacyPage key="p" />, '/privacy']] as const) {
        const view = renderAt(page, path);
        expect(screen.getByRole('link', { name: 'help@books.example.ac.za' })).toHaveAttribute('href', 'mailto:help@books.example.ac.za');
        expect(screen.queryByText('support@reshelf.co.za')).toBeNull();
        view.unmount();
      }
    } finally {
      meta.remove();
    }
  });

  it('keeps submit disabled until the terms toggle is on; the toggle links to /privacy', async () => {
    const user = userEvent.setup();
    renderAt(<ContactPage />, '/contact');
    const submit = screen.getByRole('button', { name: 'Send Message' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    const toggle = screen.getByRole('switch');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(submit).toBeEnabled();
    await user.click(toggle);
    expect(submit).toBeDisabled();
  });

  it('has a hidden honeypot named website that people cannot reach', () => {
    renderAt(<ContactPage />, '/contact');
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('sends the message once however fast Send is pressed, shows the success toast, clears the form and resets the toggle', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/contact'
        ? new Promise<Response>((resolve) => (release = () => resolve(json(201, { message: 'Message sent successfully!' }))))
        : undefined,
    );
    renderAt(<ContactPage />, '/contact');
    await fillForm(user);
    await user.click(screen.getByRole('switch'));
    const send = screen.getByRole('button', { name: 'Send Message' });
    // Two taps inside one act: no render in between to disable the button, as on a busy phone.
    act(() => {
      send.click();
      send.click();
    });

    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(calls).toHaveLength(1));
    release();

    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /contact']);
    expect(calls[0]!.body).toMatchObject({
      firstName: 'Thandi',
      lastName: 'Mokoena',
      studentNumber: '219012345',
      university: 'University of Johannesburg',
      email: 'thandi@student.uj.ac.za',
      message: 'How do I change my meetup time?',
    });
    await waitFor(() => expect(screen.getByLabelText(/First name/)).toHaveValue(''));
    expect(screen.getByLabelText(/Message/)).toHaveValue('');
    expect(screen.getByLabelText(/University/)).toHaveValue('');
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });

  it('shows the failure toast and keeps what was typed when sending fails', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/contact' ? json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }) : undefined,
    );
    renderAt(<ContactPage />, '/contact');
    await fillForm(user);
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Thandi');
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  it('does not send an incomplete form and says what is missing', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderAt(<ContactPage />, '/contact');
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select your university')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });
});
