// The web tests' API: Mock Service Worker answers the app's requests at the network layer, so fetch and
// XMLHttpRequest (the photo uploads) go through the app's real client code. A test states the answers it
// expects with mockApi(); a request that no answer covers fails the test.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The last resort for /api/v1: a request no answer of the test covers is reported on console.error (which
 * setup.ts turns into the test's failure) and the app sees a dropped connection. Anything outside the API
 * is unhandled altogether (onUnhandledRequest: 'error' in setup.ts).
 */
const unanswered = http.all('*/api/v1/*', ({ request }) => {
  const url = new URL(request.url);
  console.error(`[api-mock] The test gave no answer to ${request.method} ${url.pathname}${url.search}`);
  return HttpResponse.error();
});

/**
 * The login and sign-up pages ask which identity providers the server has (docs/decisions/0036-sign-in-providers.md):
 * none, unless a test answers otherwise.
 */
const noSignInProviders = http.get('*/api/v1/auth/providers', () => HttpResponse.json({ providers: [] }));

export const server = setupServer(noSignInProviders, unanswered);

/** One request the app made, as the assertions compare it. */
export interface Call {
  method: string;
  /** The path under /api/v1, with its query string. */
  path: string;
  /** A JSON body, parsed. */
  body: Record<string, unknown> | undefined;
  /** A multipart body (the listing uploads). */
  form: FormData | undefined;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
}

export type Answer = Response | undefined;
/** Returns the answer to a call, or undefined for a call the test does not expect. */
export type Answerer = (call: Call) => Answer | Promise<Answer>;

export const json = (status: number, data?: unknown) =>
  new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/** The connection drops: fetch rejects and an upload ends in its error event, as offline in a browser. */
export const networkError = (): Response => HttpResponse.error();

/**
 * An answer whose status arrives at once and whose body only on `release()`: the request has gone out in
 * full (an upload has reported all of its bytes) while the answer is still on its way.
 */
export function heldAnswer(status: number, data: unknown): { response: Response; release: () => void } {
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      release = () => {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(data)));
        controller.close();
      };
    },
  });
  return { response: new Response(body, { status, headers: { 'Content-Type': 'application/json' } }), release: () => release() };
}

async function toCall(original: Request): Promise<Call> {
  // Each layer of answers reads the body for itself.
  const request = original.clone();
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let body: Record<string, unknown> | undefined;
  let form: FormData | undefined;
  if (type.startsWith('multipart/form-data')) form = await request.formData();
  else {
    const text = await request.text();
    if (text) body = JSON.parse(text) as Record<string, unknown>;
  }
  return {
    method: request.method,
    path: url.pathname.replace(/^\/api\/v1/, '') + url.search,
    body,
    form,
    headers: Object.fromEntries(request.headers),
  };
}

/**
 * Answers requests to /api/v1 with `answer` (then `fallback`), and records each request it sees (in
 * order) in the returned list. What they leave unanswered goes to the answers given before this call
 * (a file's beforeEach, say), and in the end to `unanswered`, which fails the test.
 */
export function mockApi(answer: Answerer, fallback?: Answerer): Call[] {
  const calls: Call[] = [];
  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const call = await toCall(request);
      calls.push(call);
      return (await answer(call)) ?? (await fallback?.(call));
    }),
  );
  return calls;
}
