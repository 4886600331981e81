// The spec's texts for bank-linking failures in the UI, by Plaid error code.
import type { PlaidLinkError } from './plaid-link-script';

export const LINK_MESSAGES = {
  generic: 'Failed to connect bank account. Please try again.',
  unexpected: 'An error occurred. Please try again.',
  init: 'Failed to initialize Plaid Link. Please try again.',
  INSTITUTION_REGISTRATION_REQUIRED:
    'This bank is not yet available. Please try a different bank or contact support.',
  ITEM_LOGIN_REQUIRED: 'Your bank login has expired. Please reconnect your account.',
  INVALID_CREDENTIALS: 'Invalid bank credentials. Please check your username and password.',
} as const;

const BY_CODE: Record<string, string> = {
  INSTITUTION_REGISTRATION_REQUIRED: LINK_MESSAGES.INSTITUTION_REGISTRATION_REQUIRED,
  ITEM_LOGIN_REQUIRED: LINK_MESSAGES.ITEM_LOGIN_REQUIRED,
  INVALID_CREDENTIALS: LINK_MESSAGES.INVALID_CREDENTIALS,
};

/** The message for an error Link reported when it closed. */
export function linkExitMessage(error: PlaidLinkError): string {
  return BY_CODE[error.error_code] ?? LINK_MESSAGES.generic;
}

/**
 * A failure after Link succeeded: the server's message shown as 'Error: {message}', except that
 * a known Plaid code (e.g. ITEM_LOGIN_REQUIRED when the first sync finds the login expired) shows
 * the spec's own sentence for it, unprefixed.
 */
export function linkStepMessage(message: string | undefined, errorCode?: string): string {
  const known = errorCode ? BY_CODE[errorCode] : undefined;
  if (known) return known;
  return message ? `Error: ${message}` : LINK_MESSAGES.unexpected;
}

/** The item id of a server answer saying the bank login expired (409 ITEM_LOGIN_REQUIRED). */
export function expiredLoginItemId(body: Record<string, unknown> | null | undefined): string | null {
  if (body?.error_code !== 'ITEM_LOGIN_REQUIRED') return null;
  return typeof body.item_id === 'string' ? body.item_id : null;
}
