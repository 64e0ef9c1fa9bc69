import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@reshelf/shared';
import { api, ApiError } from '../src/lib/api';
import { json, mockApi, networkError, server } from './api-mock';

/** Answers every API request with `answer` and keeps the requests as they went out. */
function answerAll(answer: () => Response) {
  const requests: Request[] = [];
  server.use(
    http.all('*/api/v1/*', ({ request }) => {
      requests.push(request.clone());
      return answer();
    }),
  );
  return requests;
}

describe('api client', () => {
  afterEach(() => vi.useRealTimers());

  it('sends JSON to /api/v1 with the session cookie and returns the answer', async () => {
    const requests = answerAll(() => json(200, { student: { id: 'abc' } }));
    await expect(api('/auth/login', { body: { email: 'a@b.co', password: 'x' } })).resolves.toEqual({ student: { id: 'abc' } });
    const [request] = requests;
    expect(new URL(request!.url).pathname).toBe('/api/v1/auth/login');
    expect(request).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(await request!.text()).toBe('{"email":"a@b.co","password":"x"}');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
  });

  it("throws ApiError with the server's error, code and fields", async () => {
    mockApi(() => json(400, { error: 'Invalid email format', code: 'VALIDATION', fields: { email: 'Invalid email format' } }));
    const error = await api('/auth/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email format', code: 'VALIDATION', fields: { email: 'Invalid email format' } });
  });

  it('sends a bodiless write with no body and no content type, and every body as application/json', async () => {
    const requests = answerAll(() => json(200, {}));
    await api('/admin/books/abc/approve', { method: 'POST' });
    const [bodiless] = requests;
    expect(bodiless!.body).toBeNull();
    expect(bodiless!.headers.has('Content-Type')).toBe(false);
    // A string body would go as text/plain if fetch chose the type; the API answers that with 415.
    await api('/orders/abc/messages', { body: 'see you at noon' });
    const text = requests[1]!;
    expect(text.method).toBe('POST');
    expect(await text.text()).toBe('"see you at noon"');
    expect(text.headers.get('Content-Type')).toBe('application/json');
  });

  it('gives 204 answers as undefined', async () => {
    mockApi((call) => (call.path === '/auth/logout' ? new HttpResponse(null, { status: 204 }) : undefined));
    await expect(api('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns a network failure into status 0', async () => {
    mockApi((call) => (call.path === '/packages' ? networkError() : undefined));
    await expect(api('/packages')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('gives up after 15 seconds with status 0', async () => {
    // Only the client's own timer runs on the fake clock; the request itself is answered never.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = mockApi((call) => (call.path === '/packages' ? new Promise<Response>(() => {}) : undefined));
    const pending = api('/packages').catch((e: unknown) => e);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});
