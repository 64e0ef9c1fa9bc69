// The one way the web app talks to the Reshelf API: JSON in and out under /api/v1, the session cookie
// sent along, a 15 s timeout, and every failure turned into an ApiError carrying the server's message.
import { LIMITS } from '@reshelf/shared';

export const API_BASE = '/api/v1';

/** A failed call. `message` is the server's `error` text, the one the UI shows; `status` 0 means the
 *  request never got an answer (offline, timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, code = 'UNKNOWN', fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Reshelf. Check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'Reshelf took too long to answer. Please try again.';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads); takes precedence over `body`. */
  formData?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  fields?: unknown;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls `/api/v1` + `path` and resolves with the parsed JSON answer (undefined for 204). */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body !== undefined || options.formData ? 'POST' : 'GET', body, formData, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (formData) {
    // The browser sets the multipart boundary itself.
    payload = formData;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, LIMITS.requestTimeoutMs);
  const onCallerAbort = () => timeout.abort();
  if (signal) {
    if (signal.aborted) timeout.abort();
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: timeout.signal,
    });
  } catch (cause) {
    if (signal?.aborted && !timedOut) throw cause;
    throw new ApiError(0, timedOut ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE, timedOut ? 'TIMEOUT' : 'NETWORK');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  const data = await readJson(response);
  if (!response.ok) {
    const err = (typeof data === 'object' && data !== null ? data : {}) as ErrorBody;
    throw new ApiError(
      response.status,
      typeof err.error === 'string' && err.error ? err.error : response.statusText || 'Something went wrong',
      typeof err.code === 'string' ? err.code : 'HTTP_' + response.status,
      isStringRecord(err.fields) ? err.fields : undefined,
    );
  }
  return data as T;
}

/** The message to show for any thrown value, with a fallback for errors that carry none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
