// /api/plaid: link tokens, token exchange, sync, persisted transactions, accounts, labels, disconnect.
import type { RequestHandler, Router } from 'express';
import { perUserLimit } from '../middleware/per-user-limit';
import { strictRouter } from './strict-router';
import { z } from 'zod';
import { parseBody } from '../middleware/validate';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import { BUDGET_CATEGORIES } from '../../src/domain/categories';
import { encodedJsonCache } from '../lib/encoded-json-cache';
import { THROTTLE_PREFIX } from '../services/throttle-keys';

/** How many link tokens one user may ask for per window (from the config). */
export interface PlaidLimits {
  linkTokenRateLimit: number;
  linkTokenRateWindowMs: number;
}

/** Encoded transaction lists kept per app (a 2,000-transaction list is about 60 KB compressed). */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

const plaidItemId = z.string({ error: 'itemId must be text' }).min(1).max(100, 'itemId is too long');
const linkTokenBody = z.strictObject({ itemId: plaidItemId.optional() });
// Plaid's public tokens are about 50 characters; the sandbox refuses more than 100 with
// INVALID_REQUEST, which must stay the caller's 400 and never become the bank's 502.
const exchangeBody = z.strictObject({
  public_token: z.string({ error: 'public_token must be text' }).min(1).max(100, 'public_token is too long'),
});
const reconnectedBody = z.strictObject({ itemId: plaidItemId });
const emptyBody = z.strictObject({});
export const MAX_CATEGORY_UPDATES = 10_000;
const categoriesBody = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        plaidId: z
          .string({ error: 'plaidId must be text' })
          .min(1, 'plaidId must not be empty')
          .max(100, 'plaidId is too long'),
        budget_category: z.enum([...BUDGET_CATEGORIES, 'uncategorized'], {
          error: `budget_category must be one of ${BUDGET_CATEGORIES.join(', ')} or uncategorized`,
        }),
        timedOut: z.boolean({ error: 'timedOut must be true or false' }).optional(),
      }),
      { error: 'categories must be a list of {plaidId, budget_category}' },
    )
    .max(MAX_CATEGORY_UPDATES, `At most ${MAX_CATEGORY_UPDATES} categories can be updated at once`),
  /** Labels from a Category Matcher round: the server pays its picks and timeouts. */
  matcher: z.boolean({ error: 'matcher must be true or false' }).optional(),
});

export function plaidRoutes(
  { bank, transactions, system }: AppServices,
  signedIn: RequestHandler,
  limits: PlaidLimits,
): Router {
  const r = strictRouter();
  r.use(signedIn);
  // Each link token opens a session at the bank (Plaid counts and may bill them): a budget per
  // signed-in user, whatever the address, shared by every instance.
  const perUserLinkTokens = perUserLimit({
    windowMs: limits.linkTokenRateWindowMs,
    limit: limits.linkTokenRateLimit,
    store: system.rateLimitStore(THROTTLE_PREFIX.linkToken),
  });
  // Each user's list, serialised and compressed once per change of their bank data.
  const lists = encodedJsonCache<number>({ maxBytes: LIST_CACHE_BYTES });

  r.post('/create_link_token', perUserLinkTokens, async (req, res) => {
    const { itemId } = parseBody(linkTokenBody, req.body);
    res.json(await bank.createLinkToken(currentUser(req).id, itemId));
  });
  r.post('/exchange-token', async (req, res) => {
    const { public_token } = parseBody(exchangeBody, req.body, { public_token: 'public_token is required' });
    res.json(await bank.exchangePublicToken(currentUser(req).id, public_token));
  });
  r.post('/item-reconnected', async (req, res) => {
    const { itemId } = parseBody(reconnectedBody, req.body, { itemId: 'itemId is required' });
    res.json(await bank.itemReconnected(currentUser(req).id, itemId));
  });
  r.get('/fetch-transactions', async (req, res) => {
    res.json(await bank.fetchTransactions(currentUser(req).id));
  });
  r.get('/transactions', async (req, res) => {
    const { id, bankDataVersion } = currentUser(req);
    await lists.send(req, res, id, bankDataVersion, () => bank.listTransactions(id));
  });
  r.get('/accounts', async (req, res) => {
    res.json(await bank.listAccounts(currentUser(req).id));
  });
  r.post('/reset-transactions', async (req, res) => {
    parseBody(emptyBody, req.body);
    res.json(await bank.resetTransactions(currentUser(req).id));
  });
  r.post('/update-transaction-categories', async (req, res) => {
    const { categories, matcher } = parseBody(categoriesBody, req.body, {
      categories: 'categories is required',
    });
    res.json(await transactions.updateCategories(currentUser(req).id, categories, { matcher }));
  });
  r.post('/disconnect', async (req, res) => {
    parseBody(emptyBody, req.body);
    res.json(await bank.removeAllItems(currentUser(req).id));
  });
  return r;
}
