import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from '../src/features/newsletter/newsletter-form';
import { mockFetch, renderAt } from './helpers';

describe('newsletter sign-up', () => {
  it('rejects a yahoo.com address with the domain message and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(201, {});
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'lerato@yahoo.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Please use your university email or a personal Gmail/iCloud account'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects something that is not an email address', async () => {
    const user = userEvent.setup();
    mockFetch(201, {});
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('subscribes a student address, shows the success toast and clears the field', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(201, { message: 'Successfully subscribed to newsletter!' });
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'sipho@students.wits.ac.za');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Successfully subscribed to newsletter!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sipho@students.wits.ac.za' });
  });

  it('says Subscribing... and is disabled while sending', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(201, {});
    let release: () => void = () => {};
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 201 })))),
    );
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'sipho@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it("shows the server's error, or the default text when there is none", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(429, { error: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    renderAt(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'sipho@icloud.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('sipho@icloud.com');

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Failed to subscribe. Please try again.')).toBeInTheDocument();
  });
});
