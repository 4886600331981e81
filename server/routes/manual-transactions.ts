// /api/transactions/manual: expenses the user adds by hand.
import type { RequestHandler, Router } from 'express';
import { strictRouter } from './strict-router';
import { z } from 'zod';
import { badRequest } from '../lib/errors';
import { parseBody } from '../middleware/validate';
import { MANUAL_CATEGORIES } from '../../src/domain/categories';
import {
  AMOUNT_RULES,
  NAME_MAX,
  dateProblem,
  dayAfterYears,
  manualAmountProblem,
} from '../../src/domain/money-rules';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';

const nameText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(NAME_MAX, `${field} must be at most ${NAME_MAX} characters`);

/**
 * The body's rules, built once (zod compiles a schema on its first use: building one per request
 * was a third of a create's work); the date's latest day (one year from now) is read from the
 * server's clock at each check.
 */
const manualBody = (latestDay: () => string) =>
  z.strictObject({
    amount: z.number({ error: AMOUNT_RULES.notNumber }).superRefine((n, ctx) => {
      const problem = manualAmountProblem(n);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    category: z.enum(MANUAL_CATEGORIES, { error: 'Category must be Want, Need or Savings' }).default('Want'),
    name: nameText('Name').optional().nullable(),
    description: nameText('Description').optional(),
    date: z
      .string({ error: 'Date must be an ISO 8601 date' })
      .max(40, 'Date must be an ISO 8601 date')
      .superRefine((d, ctx) => {
        const problem = dateProblem(d, latestDay());
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  });

export function manualTransactionRoutes(
  { transactions, system }: AppServices,
  signedIn: RequestHandler,
): Router {
  const r = strictRouter();
  r.use(signedIn);
  const schema = manualBody(() => dayAfterYears(system.now(), 1));
  r.post('/', async (req, res) => {
    const body = parseBody(schema, req.body, { amount: 'Amount is required' });
    const { amount, category, date } = body;
    const name = body.name || body.description || undefined;
    res
      .status(201)
      .json(await transactions.createManual(currentUser(req).id, { amount, category, name, date }));
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
