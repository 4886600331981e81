// Request bodies of the Plaid endpoints the sandbox speaks, checked the way Plaid checks them:
// absent required fields give MISSING_FIELDS, present but wrong ones INVALID_FIELD.
import { z } from 'zod';
import { invalidField, missingFields } from './errors';

const str = () => z.string({ error: 'must be a string' });
const nonEmpty = () => str().min(1, { error: 'must be a non-empty string' });
const strings = () => z.array(str(), { error: 'must be an array of strings' });
const date = () =>
  str().refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)), {
    error: 'must be a date in YYYY-MM-DD format',
  });
const options = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'must be an object' }).optional();

const accessToken = { access_token: str() };

export const schemas = {
  linkTokenCreate: z.object({
    client_name: nonEmpty(),
    language: nonEmpty(),
    country_codes: strings().min(1, { error: 'must contain at least one country code' }),
    user: z.object({ client_user_id: nonEmpty() }, { error: 'must be an object' }),
    products: strings().nullish(),
    access_token: str().nullish(),
    redirect_uri: str().nullish(),
    webhook: str().nullish(),
  }),
  publicTokenExchange: z.object({ public_token: str() }),
  accessToken: z.object(accessToken),
  accountsGet: z.object({ ...accessToken, options: options({ account_ids: strings().optional() }) }),
  transactionsSync: z.object({
    ...accessToken,
    cursor: str().nullish(),
    count: z
      .number({ error: 'must be an integer' })
      .int({ error: 'must be an integer' })
      .min(1, { error: 'must be at least 1' })
      .max(500, { error: 'must be at most 500' })
      .optional(),
    options: options({ include_original_description: z.boolean({ error: 'must be a boolean' }).nullish() }),
  }),
  sandboxPublicTokenCreate: z.object({
    institution_id: str(),
    initial_products: strings().min(1, { error: 'must contain at least one product' }),
    options: options({
      webhook: str().optional(),
      override_username: str().nullish(),
      override_password: str().nullish(),
    }),
  }),
  sandboxTransactionsCreate: z.object({
    ...accessToken,
    transactions: z
      .array(
        z.object(
          {
            date_transacted: date(),
            date_posted: date(),
            amount: z.number({ error: 'must be a number' }),
            description: nonEmpty(),
            iso_currency_code: str().length(3, { error: 'must be a 3-letter currency code' }).optional(),
          },
          { error: 'must be an object' },
        ),
        { error: 'must be an array' },
      )
      .min(1, { error: 'must contain at least one transaction' })
      .max(10, { error: 'must contain at most 10 transactions' }),
  }),
};

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let v: unknown = body;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Parses a request body or throws the Plaid error Plaid would answer with. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const path = (p: PropertyKey[]) => p.map(String).join('.');
  const missing = result.error.issues.filter((i) => i.path.length > 0 && valueAt(body, i.path) === undefined);
  if (missing.length) throw missingFields([...new Set(missing.map((i) => path(i.path)))]);
  const first = result.error.issues[0];
  throw invalidField(`${path(first.path) || 'body'} ${first.message}`);
}
