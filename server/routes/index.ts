// The /api router: JSON bodies, health, each feature's routes, then a JSON 404.
import express, { type Router } from 'express';
import type { AppServices } from '../services/app-services';
import { requireAuth } from '../middleware/require-auth';
import { strictRouter } from './strict-router';
import { authRoutes, type AuthLimits } from './auth';
import { plaidRoutes, type PlaidLimits } from './plaid';
import { manualTransactionRoutes } from './manual-transactions';
import { progressRoutes } from './progress';

export function apiRouter(
  services: AppServices,
  config: AuthLimits & PlaidLimits & { progressRateLimit: number },
): Router {
  const r = strictRouter();
  r.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  r.use(express.json({ limit: '1mb' }));
  r.get('/health', async (_req, res) => {
    res.json(await services.system.health());
  });
  const signedIn = requireAuth(services.auth);
  r.use('/auth', authRoutes(services, signedIn, config));
  r.use('/plaid', plaidRoutes(services, signedIn, config));
  r.use('/transactions/manual', manualTransactionRoutes(services, signedIn));
  r.use('/progress', progressRoutes(services, signedIn, config));
  r.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  return r;
}
