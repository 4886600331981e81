// /api/transactions/manual: expenses the user adds by hand.
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { badRequest } from '../lib/errors';
import { parseBody } from '../middleware/validate';
import { currentUser, requireAuth } from '../middleware/require-auth';
import type { transactionsService } from '../services/transactions-service';

export const MANUAL_NAME_DEFAULT = 'Manual Expense';
const MAX_AMOUNT = 1_000_000_000;

const manualBody = z.strictObject({
  amount: z
    .number({ error: 'Amount must be a number' })
    .refine(Number.isFinite, 'Amount must be a number')
    .gt(0, 'Amount must be greater than 0')
    .max(MAX_AMOUNT, 'Amount is too large')
    .refine(
      (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      'Amount can have at most 2 decimal places',
    ),
  category: z
    .enum(['Want', 'Need', 'Savings'], { error: 'Category must be Want, Need or Savings' })
    .default('Want'),
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .max(50, 'Name must be at most 50 characters')
    .optional()
    .nullable(),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(50, 'Description must be at most 50 characters')
    .optional(),
  date: z
    .string({ error: 'Date must be an ISO 8601 date' })
    .max(40, 'Date must be an ISO 8601 date')
    .refine(
      (d) =>
        /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(d) && !Number.isNaN(Date.parse(d)),
      'Date must be an ISO 8601 date',
    )
    .optional(),
});

export function manualTransactionRoutes(
  deps: AppDeps,
  transactions: ReturnType<typeof transactionsService>,
): Router {
  const r = Router();
  r.use(requireAuth(deps));
  r.post('/', async (req, res) => {
    const body = parseBody(manualBody, req.body, { amount: 'Amount is required' });
    const name = body.name || body.description || MANUAL_NAME_DEFAULT;
    const date = body.date ?? deps.clock.now().toISOString();
    res.status(201).json(await transactions.createManual(currentUser(req).id, { ...body, name, date }));
  });
  r.get('/', async (req, res) => {
    res.json(await transactions.listManual(currentUser(req).id));
  });
  r.delete('/:id', async (req, res) => {
    if (!/^\d{1,15}$/.test(req.params.id)) throw badRequest('Transaction id must be a number');
    res.json(await transactions.deleteManual(currentUser(req).id, Number(req.params.id)));
  });
  return r;
}
