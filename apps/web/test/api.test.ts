import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../src/lib/api';
import { jsonResponse, mockFetch } from './helpers';

describe('api client', () => {
  afterEach(() => vi.useRealTimers());

  it('sends JSON to /api/v1 with the session cookie and returns the answer', async () => {
    const fetchMock = mockFetch(200, { student: { id: 'abc' } });
    await expect(api('/auth/login', { body: { email: 'a@b.co', password: 'x' } })).resolves.toEqual({ student: { id: 'abc' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"email":"a@b.co","password":"x"}' });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("throws ApiError with the server's error, code and fields", async () => {
    mockFetch(400, { error: 'Invalid email format', code: 'VALIDATION', fields: { email: 'Invalid email format' } });
    const error = await api('/auth/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email format', code: 'VALIDATION', fields: { email: 'Invalid email format' } });
  });

  it('sends a bodiless write with no body and no content type, and every body as application/json', async () => {
    const fetchMock = mockFetch(200, {});
    await api('/admin/books/abc/approve', { method: 'POST' });
    const [, bodiless] = fetchMock.mock.calls[0]!;
    expect(bodiless?.body).toBeUndefined();
    expect(Object.keys(bodiless?.headers as Record<string, string>).map((name) => name.toLowerCase())).not.toContain('content-type');
    // A string body would go as text/plain if fetch chose the type; the API answers that with 415.
    await api('/orders/abc/messages', { body: 'see you at noon' });
    const [, text] = fetchMock.mock.calls[1]!;
    expect(text).toMatchObject({ method: 'POST', body: '"see you at noon"' });
    expect((text?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('gives 204 answers as undefined', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns a network failure into status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/packages')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('gives up after 15 seconds with status 0', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          setTimeout(() => resolve(jsonResponse(200, {})), 60_000);
        }),
    );
    const pending = api('/packages').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});
