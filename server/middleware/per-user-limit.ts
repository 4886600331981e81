// A rate limit per signed-in user, whatever the address, shared by every instance through the
// given store (`system.rateLimitStore(prefix)`): the one shape of the progress, bills, link-token
// and statement-import budgets. Runs after the sign-in check.
import { rateLimit, type Store } from 'express-rate-limit';
import { currentUser } from './require-auth';
import { TOO_MANY_ATTEMPTS } from '../lib/errors';
import { userThrottleKey } from '../services/throttle-keys';

export function perUserLimit(o: {
  store: Store;
  limit: number;
  windowMs: number;
  /** The 429's `error` (TOO_MANY_ATTEMPTS by default). */
  error?: string;
  /** A request that fails does not use up the budget. */
  skipFailedRequests?: boolean;
}) {
  return rateLimit({
    windowMs: o.windowMs,
    limit: o.limit,
    message: { error: o.error ?? TOO_MANY_ATTEMPTS },
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipFailedRequests: o.skipFailedRequests ?? false,
    store: o.store,
    keyGenerator: (req) => userThrottleKey(currentUser(req).id),
  });
}
