// The one fetch wrapper: base URL, bearer token from storage, 30 s timeout, error mapping.
import { TOKEN_KEY } from './account-keys';

export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * This page load's id, sent with every call (issue 27): the server's event stream does not tell
 * this tab about changes its own calls made. Not a credential; a new one on every load.
 */
export const CLIENT_ID: string =
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
export const CLIENT_ID_HEADER = 'X-Client-Id';

/** An API failure: the HTTP status (0 for a network failure or timeout) and the server's texts. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly body: Record<string, unknown> | null = null,
    public readonly code?: 'NETWORK' | 'TIMEOUT',
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's `error` text, when it sent one. */
  get serverError(): string | undefined {
    const e = this.body?.error;
    return typeof e === 'string' ? e : undefined;
  }
  /** The server's `details` text, when it sent one. */
  get details(): string | undefined {
    const d = this.body?.details;
    return typeof d === 'string' ? d : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** The bearer token to send instead of the stored one (a sign-in not yet applied). */
  token?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** An answer already on its way for `GET path` with `token`, taken once (lib/early-data.ts). */
type EarlyAnswers = (path: string, token: string) => Promise<Response> | null;
let earlyAnswer: EarlyAnswers | null = null;

/**
 * Where the page's first GETs, sent by the preload script before React ran, are taken from. The
 * signed-in session's runtime provides it, so the sign-in screen carries none of that code.
 */
export function setEarlyAnswers(take: EarlyAnswers | null): void {
  earlyAnswer = take;
}

/** `p`, or the signal's reason once it aborts (an early answer's fetch has no signal of ours). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    p.then(resolve, reject);
  });
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/**
 * What a 401 answer to a call sent with the bearer token does. The app registers the one
 * session ending (sign out, then /login), so every protected call is covered in one place.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, timeoutMs = REQUEST_TIMEOUT_MS } = opts;
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? (opts.token ?? getToken()) : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort);
  const send = () =>
    fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  // The page's first GETs may be on their way already; a failed one is sent again.
  const early = method === 'GET' && token && earlyAnswer ? earlyAnswer(path, token) : null;
  let res: Response;
  try {
    res = await (early ? untilAborted(early.catch(send), controller.signal) : send());
  } catch (err) {
    const timedOut =
      controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    throw new ApiError(
      timedOut ? 'The request timed out' : err instanceof Error ? err.message : 'Network error',
      0,
      null,
      timedOut ? 'TIMEOUT' : 'NETWORK',
    );
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const obj = data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
    const msg = typeof obj?.error === 'string' ? obj.error : `Request failed with status ${res.status}`;
    // Only the session whose token was refused ends (not one started since the call was sent).
    if (res.status === 401 && token !== null && token === getToken()) onUnauthorized?.();
    throw new ApiError(msg, res.status, obj);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'GET' }),
  post: <T>(path: string, body?: unknown, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'POST', body: body ?? {} }),
  delete: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'DELETE' }),
};
