import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from '../src/features/newsletter/newsletter-form';
import { json, mockApi, networkError } from './api-mock';
import { renderAt } from './helpers';

const subscribes = (answer: () => Response | Promise<Response>) =>
  mockApi((call) => (call.method === 'POST' && call.path === '/newsletter' ? answer() : undefined));

describe('newsletter sign-up', () => {
  it('rejects a yahoo.com address with the domain message and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'lerato@yahoo.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Please use your university email or a personal Gmail/iCloud account'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('rejects something that is not an email address', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('subscribes a student address, shows the success toast and clears the field', async () => {
    const user = userEvent.setup();
    const calls = subscribes(() => json(201, { message: 'Successfully subscribed to newsletter!' }));
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'sipho@students.wits.ac.za');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Successfully subscribed to newsletter!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/newsletter', body: { email: 'sipho@students.wits.ac.za' } },
    ]);
  });

  it('says Subscribing... and is disabled while sending', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = subscribes(() => new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 201 })))));
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'sipho@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    await waitFor(() => expect(calls).toHaveLength(1));
    release();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it("shows the server's error, or the default text when there is none", async () => {
    const user = userEvent.setup();
    let answer = () => json(429, { error: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    subscribes(() => answer());
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'sipho@icloud.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('sipho@icloud.com');

    answer = networkError;
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Failed to subscribe. Please try again.')).toBeInTheDocument();
  });
});
