/** An error with an HTTP status whose message is safe to show to the client as `{ error }`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra?: Record<string, unknown>,
    /** Response headers that go with the answer, e.g. Retry-After. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
export const badRequest = (msg: string, extra?: Record<string, unknown>) => new HttpError(400, msg, extra);
export const notFound = (msg = 'Not found') => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
/** A 429 that tells the client how many seconds to wait. */
export const tooManyAttempts = (retryAfterMs: number) =>
  new HttpError(429, TOO_MANY_ATTEMPTS, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
