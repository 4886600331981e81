// Request bodies of the Plaid endpoints the sandbox speaks, checked the way Plaid checks them:
// absent required fields give MISSING_FIELDS, present but wrong ones INVALID_FIELD. Every string
// has a length cap (Plaid's documented one where it gives one) and every list a count cap, so
// nothing a client sends can outgrow a column or make a request do unbounded work; the same
// checks hold on SQLite and PostgreSQL because they run here, before any query.
import { z } from 'zod';
import { CountryCode, Products } from 'plaid';
import { invalidField, missingFields } from './errors';
import { FAULTS, MAX_FAULT_COUNT } from './faults';

/** Plaid's documented limits, and our own caps where Plaid documents none. */
export const LIMITS = {
  /** Plaid: "Maximum length of 30 characters". */
  clientName: 30,
  /** Plaid: "Maximum of 128 characters". */
  clientUserId: 128,
  /** Plaid: "The upper-bound length of this cursor is 256 characters". */
  cursor: 256,
  /** Plaid: at most 10 transactions per /sandbox/transactions/create call. */
  customTransactionsPerCall: 10,
  /** Plaid: transaction dates from 14 days ago to today. */
  customTransactionMaxAgeDays: 14,
  /** Our caps. */
  url: 2048,
  token: 100,
  id: 64,
  description: 255,
  credential: 128,
  listItems: 20,
  /** Largest amount, in either direction, a custom transaction may have (dollars). */
  amount: 1_000_000_000,
} as const;

/** Languages Plaid Link is documented to support. */
const LANGUAGES = [
  'da',
  'nl',
  'en',
  'et',
  'fr',
  'de',
  'hi',
  'it',
  'lv',
  'lt',
  'no',
  'pl',
  'pt',
  'ro',
  'es',
  'sv',
  'vi',
] as const;

/** An unpaired UTF-16 surrogate: not text, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text of at most `max` characters, without NUL bytes or unpaired surrogates. */
export const text = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !s.includes('\0'), { error: 'must not contain NUL characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { error: 'must be valid Unicode text' });
const nonEmpty = (max: number) => text(max).min(1, { error: 'must be a non-empty string' });
const list = <T extends z.ZodType>(item: T, max: number = LIMITS.listItems) =>
  z.array(item, { error: 'must be an array' }).max(max, { error: `must contain at most ${max} items` });
const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `must be ${what}` });

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}
/** An absolute http(s) URL: anything else (javascript:, data:, relative) is refused. */
export const httpUrl = () =>
  text(LIMITS.url).refine(isHttpUrl, { error: 'must be an absolute http or https URL' });

const DAY = 86_400_000;

/** A real calendar date (YYYY-MM-DD) as epoch ms at UTC midnight, or null. */
export function calendarDate(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

/**
 * A date Plaid accepts for a custom transaction: from 14 days ago to today. "Today" is the UTC
 * day, give or take one day so that callers in any time zone can use their own today.
 */
const recentDate = (now: number) => {
  const today = Math.floor(now / DAY) * DAY;
  return text(10)
    .refine((s) => calendarDate(s) !== null, { error: 'must be a real date in YYYY-MM-DD format' })
    .refine(
      (s) => {
        const d = calendarDate(s) ?? 0;
        return d >= today - (LIMITS.customTransactionMaxAgeDays + 1) * DAY && d <= today + DAY;
      },
      { error: `must be today or up to ${LIMITS.customTransactionMaxAgeDays} days in the past` },
    );
};

/** Dollars with at most two decimals, within LIMITS.amount either way. */
const amount = () =>
  z
    .number({ error: 'must be a number' })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= LIMITS.amount, {
      error: `must be between -${LIMITS.amount} and ${LIMITS.amount}`,
    })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: 'must have at most two decimal places',
    });

const options = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'must be an object' }).optional();

const product = oneOf(Object.values(Products) as [Products, ...Products[]], 'a Plaid product');
const countryCode = oneOf(
  Object.values(CountryCode) as [CountryCode, ...CountryCode[]],
  'a country code Plaid supports',
);
const accessToken = { access_token: text(LIMITS.token) };

/** The codes /sandbox/item/fire_webhook sends here (Plaid's list less those of other products). */
export const WEBHOOK_CODES = [
  'SYNC_UPDATES_AVAILABLE',
  'DEFAULT_UPDATE',
  'NEW_ACCOUNTS_AVAILABLE',
  'LOGIN_REPAIRED',
  'ERROR',
  'USER_PERMISSION_REVOKED',
  'PENDING_DISCONNECT',
  'RECURRING_TRANSACTIONS_UPDATE',
] as const;
export type WebhookCode = (typeof WEBHOOK_CODES)[number];
const WEBHOOK_TYPES = ['ITEM', 'TRANSACTIONS'] as const;

export const schemas = {
  linkTokenCreate: z.object({
    client_name: nonEmpty(LIMITS.clientName),
    language: oneOf(LANGUAGES, `one of ${LANGUAGES.join(', ')}`),
    country_codes: list(countryCode).min(1, { error: 'must contain at least one country code' }),
    user: z.object({ client_user_id: nonEmpty(LIMITS.clientUserId) }, { error: 'must be an object' }),
    products: list(product).nullish(),
    access_token: text(LIMITS.token).nullish(),
    redirect_uri: httpUrl()
      .refine((s) => !s.includes('?'), { error: 'must not contain query parameters' })
      .nullish(),
    webhook: httpUrl().nullish(),
  }),
  publicTokenExchange: z.object({ public_token: text(LIMITS.token) }),
  linkTokenGet: z.object({ link_token: text(LIMITS.token) }),
  accessToken: z.object(accessToken),
  accountsGet: z.object({
    ...accessToken,
    options: options({ account_ids: list(text(LIMITS.id)).optional() }),
  }),
  transactionsSync: z.object({
    ...accessToken,
    cursor: text(LIMITS.cursor).nullish(),
    count: z
      .number({ error: 'must be an integer' })
      .int({ error: 'must be an integer' })
      .min(1, { error: 'must be at least 1' })
      .max(500, { error: 'must be at most 500' })
      .optional(),
    options: options({ include_original_description: z.boolean({ error: 'must be a boolean' }).nullish() }),
  }),
  transactionsRecurringGet: z.object({
    ...accessToken,
    account_ids: list(text(LIMITS.id)).nullish(),
    options: options({
      include_personal_finance_category: z.boolean({ error: 'must be a boolean' }).nullish(),
      personal_finance_category_version: oneOf(['v1', 'v2'], 'v1 or v2').nullish(),
    }),
  }),
  /** The sandbox's own fault switch (faults.ts), not a Plaid endpoint. */
  sandboxSetFault: z.object({
    ...accessToken,
    fault: oneOf(FAULTS, `one of ${FAULTS.join(', ')}`).nullable(),
    count: z
      .number({ error: 'must be an integer' })
      .int({ error: 'must be an integer' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_FAULT_COUNT, { error: `must be at most ${MAX_FAULT_COUNT}` })
      .optional(),
  }),
  sandboxPublicTokenCreate: z.object({
    institution_id: text(LIMITS.id),
    initial_products: list(product).min(1, { error: 'must contain at least one product' }),
    options: options({
      webhook: httpUrl().optional(),
      override_username: text(LIMITS.credential).nullish(),
      override_password: text(LIMITS.credential).nullish(),
    }),
  }),
  sandboxFireWebhook: z.object({
    ...accessToken,
    webhook_type: oneOf(WEBHOOK_TYPES, `one of ${WEBHOOK_TYPES.join(', ')}`).optional(),
    webhook_code: oneOf(WEBHOOK_CODES, `one of ${WEBHOOK_CODES.join(', ')}`),
  }),
  webhookVerificationKeyGet: z.object({ key_id: text(LIMITS.id) }),
  /** Dates are checked against the sandbox's clock, so this schema is built per request. */
  sandboxTransactionsCreate: (now: number) =>
    z.object({
      ...accessToken,
      transactions: list(
        z.object(
          {
            date_transacted: recentDate(now),
            date_posted: recentDate(now),
            amount: amount(),
            description: nonEmpty(LIMITS.description),
            iso_currency_code: text(3)
              .regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter ISO 4217 currency code' })
              .optional(),
          },
          { error: 'must be an object' },
        ),
        LIMITS.customTransactionsPerCall,
      ).min(1, { error: 'must contain at least one transaction' }),
    }),
};

/** Bodies of the private endpoints behind the sandbox Link script. */
const linkToken = z.object({ link_token: text(LIMITS.token) });
const credentials = linkToken.extend({
  institution_id: text(LIMITS.id),
  username: text(LIMITS.credential),
  password: text(LIMITS.credential),
});
export const linkSchemas = {
  linkToken,
  credentials,
  session: credentials.extend({ account_ids: list(text(LIMITS.id)).optional() }),
  oauthStart: linkToken.extend({ institution_id: text(LIMITS.id) }),
  oauthResume: linkToken.extend({ received_redirect_uri: text(LIMITS.url) }),
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
