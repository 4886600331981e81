// What each auth screen shows when its call fails (SPEC 8): the server's `error` text first,
// then the screen's own fallback.
import { ApiError } from '@/lib/api-client';
import { FormCheckError } from './use-form-submit';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';
const REGISTER_FAILED = 'Registration failed. Please try again.';
const NETWORK_ERROR = 'Network error. Please check your internet connection.';
const FORGOT_FAILED = 'An error occurred. Please try again.';
const RESET_FAILED = 'Failed to reset password. Please try again.';

const serverText = (err: unknown) => (err instanceof ApiError ? err.serverError : undefined);
const isNetwork = (err: unknown) =>
  err instanceof ApiError && (err.code === 'NETWORK' || err.code === 'TIMEOUT');

/**
 * A failed form check or the server's text, else `fallback`. With no connection at all the
 * fallback (e.g. "check your credentials") would send the user the wrong way, so a network
 * failure gets the spec's network text instead.
 */
function withFallback(fallback: string) {
  return (err: unknown): string => {
    if (err instanceof FormCheckError) return err.message;
    return serverText(err) ?? (isNetwork(err) ? NETWORK_ERROR : fallback);
  };
}

export const loginError = withFallback(LOGIN_FAILED);
export const forgotPasswordError = withFallback(FORGOT_FAILED);
export const resetPasswordError = withFallback(RESET_FAILED);

/**
 * Register's fallbacks in the spec's order: server error, 'Registration failed: {message}',
 * the network text, the generic text. A network failure's own message is the browser's
 * technical text ("Failed to fetch"), so it is not used as a {message}: the network text
 * says what to do instead.
 */
export function registerError(err: unknown): string {
  if (err instanceof FormCheckError) return err.message;
  const server = serverText(err);
  if (server) return server;
  if (!isNetwork(err) && err instanceof Error && err.message) return `Registration failed: ${err.message}`;
  if (isNetwork(err)) return NETWORK_ERROR;
  return REGISTER_FAILED;
}
