// The /api router: JSON bodies, health, each feature's routes, then a JSON 404.
import express, { Router } from 'express';
import type { AppDeps } from '../app';
import { authRoutes } from './auth';
import { createAuthService } from '../services/auth-service';
import { bankService } from '../services/bank-service';
import { transactionsService } from '../services/transactions-service';
import { plaidRoutes } from './plaid';
import { manualTransactionRoutes } from './manual-transactions';

export function apiRouter(deps: AppDeps): Router {
  const r = Router();
  r.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  r.use(express.json({ limit: '1mb' }));
  r.get('/health', async (_req, res) => {
    await deps.db.raw('select 1');
    res.json({ status: 'ok' });
  });
  // One auth service per app: other features register their account-deletion steps on it
  // with auth.onBeforeDeleteUser (e.g. Plaid /item/remove).
  const auth = createAuthService(deps);
  r.use('/auth', authRoutes(deps, auth));
  const bank = bankService(deps);
  const transactions = transactionsService(deps);
  // Account deletion first removes every bank item at Plaid (/item/remove); rows then cascade.
  auth.onBeforeDeleteUser((userId) => bank.removeAllItems(userId).then(() => undefined));
  r.use('/plaid', plaidRoutes(deps, bank, transactions));
  r.use('/transactions/manual', manualTransactionRoutes(deps, transactions));
  r.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  return r;
}
