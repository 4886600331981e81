// Keys for throttling rows (sign-in failures, reset-mail caps, per-user limits). Anything derived
// from an e-mail or a client address is an HMAC with a server secret, so a row can never be
// matched to a guessed address by hashing it (an unsalted SHA-256 could).
import { createHmac } from 'node:crypto';

/** Prefixes of the limiters' rows in `rate_limits` that name one account. */
export const THROTTLE_PREFIX = {
  resetMail: 'reset-mail:',
  linkToken: 'link-token:',
  progress: 'progress:',
  statementImport: 'statement-import:',
  statementPreview: 'statement-preview:',
  billsReview: 'bills-review:',
} as const;

/** The per-user limiters' key of a user (user ids are never reused). */
export const userThrottleKey = (userId: number): string => String(userId);

export function throttleKeys(serverSecret: Buffer) {
  // A key of its own, so these HMACs share nothing with the other uses of the encryption key.
  const key = createHmac('sha256', serverSecret).update('budget-quest throttle keys').digest();
  const mac = (kind: string, value: string) =>
    createHmac('sha256', key).update(`${kind}:${value}`).digest('hex');
  return {
    /** An account's key, for any spelling of its address. */
    email: (email: string) => mac('email', email.trim().toLowerCase()),
    /** A client address's key. */
    client: (address: string) => mac('client', address),
  };
}
export type ThrottleKeys = ReturnType<typeof throttleKeys>;
