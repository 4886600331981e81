// Plaid's error envelope and the catalogue of errors the local sandbox can answer with.
// Codes, types, messages and HTTP statuses follow Plaid's published error reference.
import { PlaidErrorType, type PlaidError } from 'plaid';
import { randomBase62 } from './ids';

interface ErrorSpec {
  type: PlaidErrorType;
  message: string;
  display: string | null;
  status?: number;
}

const T = PlaidErrorType;

/** Every error the sandbox raises, by error_code. */
const CATALOGUE = {
  INVALID_API_KEYS: { type: T.InvalidInput, message: 'invalid client_id or secret provided', display: null },
  INVALID_BODY: { type: T.InvalidRequest, message: 'body could not be parsed as JSON', display: null },
  NOT_FOUND: { type: T.InvalidRequest, message: 'not found', display: null, status: 404 },
  MISSING_FIELDS: {
    type: T.InvalidRequest,
    message: 'the following required fields are missing',
    display: null,
  },
  INVALID_FIELD: { type: T.InvalidRequest, message: 'invalid field', display: null },
  INVALID_ACCESS_TOKEN: {
    type: T.InvalidInput,
    message: 'could not find matching access token',
    display: null,
  },
  INVALID_PUBLIC_TOKEN: {
    type: T.InvalidInput,
    message: 'could not find matching public token',
    display: null,
  },
  INVALID_LINK_TOKEN: { type: T.InvalidInput, message: 'invalid link_token provided', display: null },
  INVALID_INSTITUTION: { type: T.InvalidInput, message: 'invalid institution_id provided', display: null },
  INVALID_ACCOUNT_ID: {
    type: T.InvalidInput,
    message: 'one or more of the account IDs is invalid',
    display: null,
  },
  PRODUCT_NOT_READY: {
    type: T.ItemError,
    message:
      'the requested product is not yet ready. please provide a webhook or try the request again later',
    display: null,
  },
  ITEM_LOGIN_REQUIRED: {
    type: T.ItemError,
    message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    display: null,
  },
  INVALID_CREDENTIALS: {
    type: T.ItemError,
    message: 'the provided credentials were not correct',
    display: 'The provided credentials were not correct. Please try again.',
  },
  INVALID_MFA: {
    type: T.ItemError,
    message: 'the provided MFA response(s) were not correct',
    display: 'The provided MFA responses were not correct. Please try again.',
  },
  INSUFFICIENT_CREDENTIALS: {
    type: T.ItemError,
    message: 'insufficient authorization was provided to complete the request',
    display: null,
  },
  ITEM_LOCKED: {
    type: T.ItemError,
    message:
      "the account is locked. prompt the user to visit the institution's site and unlock their account",
    display:
      'The given credentials belong to a locked account. Please reset your password with your bank and try again.',
  },
  ITEM_NOT_SUPPORTED: {
    type: T.ItemError,
    message: 'this account is currently not supported',
    display:
      'The given account is not currently supported for this financial institution. We apologize for the inconvenience.',
  },
  MFA_NOT_SUPPORTED: {
    type: T.ItemError,
    message: 'this account requires a MFA type that we do not currently support for this institution',
    display:
      'The multi-factor security features enabled on this account are not currently supported for this financial institution. We apologize for the inconvenience.',
  },
  NO_ACCOUNTS: {
    type: T.ItemError,
    message: 'no valid accounts were found for this item',
    display:
      "No valid accounts were found at the financial institution. Please visit your financial institution's website to confirm accounts are available.",
  },
  USER_SETUP_REQUIRED: {
    type: T.ItemError,
    message:
      "the account has not been fully set up. prompt the user to visit the issuing institution's site and finish the setup process",
    display:
      "The given account requires additional setup at your bank. Please visit your bank's website to finish setting up your account.",
  },
  INSTITUTION_DOWN: {
    type: T.InstitutionError,
    message: 'this institution is not currently responding to this request. please try again soon',
    display:
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
  },
  INSTITUTION_NOT_RESPONDING: {
    type: T.InstitutionError,
    message: 'this institution is not currently responding to this request. please try again soon',
    display:
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
  },
  INSTITUTION_NOT_AVAILABLE: {
    type: T.InstitutionError,
    message: 'this institution is not currently responding to this request. please try again soon',
    display:
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
  },
  INSTITUTION_NO_LONGER_SUPPORTED: {
    type: T.InstitutionError,
    message: 'this institution is no longer supported',
    display: 'This financial institution is no longer supported. We apologize for the inconvenience.',
  },
  INSTITUTION_REGISTRATION_REQUIRED: {
    type: T.InstitutionError,
    message: 'not yet registered to create items for this institution',
    display: 'You must register your application with this institution before you can create items for it.',
  },
  RATE_LIMIT: {
    type: T.RateLimitExceeded,
    message: 'rate limit exceeded for attempts from this address. please try again later',
    display: null,
    status: 429,
  },
  ADDITION_LIMIT: {
    type: T.RateLimitExceeded,
    message: 'addition limit exceeded for this user. remove an existing item before linking another',
    display: 'You have linked the maximum number of banks. Remove one before linking another.',
    status: 429,
  },
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: {
    type: T.TransactionsError,
    message:
      'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
    display: null,
  },
  INTERNAL_SERVER_ERROR: {
    type: T.ApiError,
    message: 'an unexpected error occurred',
    display: 'Something went wrong. Please try again later.',
    status: 500,
  },
} satisfies Record<string, ErrorSpec>;

export type SandboxErrorCode = keyof typeof CATALOGUE;

/** Codes a sandbox password `error_<CODE>` may ask for (ITEM_LOGIN_REQUIRED is handled apart). */
export const LINK_ERROR_CODES: readonly SandboxErrorCode[] = [
  'INVALID_CREDENTIALS',
  'INVALID_MFA',
  'INSUFFICIENT_CREDENTIALS',
  'ITEM_LOCKED',
  'ITEM_NOT_SUPPORTED',
  'MFA_NOT_SUPPORTED',
  'NO_ACCOUNTS',
  'USER_SETUP_REQUIRED',
  'INSTITUTION_DOWN',
  'INSTITUTION_NOT_RESPONDING',
  'INSTITUTION_NOT_AVAILABLE',
  'INSTITUTION_NO_LONGER_SUPPORTED',
  'INSTITUTION_REGISTRATION_REQUIRED',
  'INTERNAL_SERVER_ERROR',
];

const DOC_SECTION: Partial<Record<PlaidErrorType, string>> = {
  [T.InvalidRequest]: 'invalid-request',
  [T.InvalidInput]: 'invalid-input',
  [T.ItemError]: 'item',
  [T.InstitutionError]: 'institution',
  [T.ApiError]: 'api',
  [T.TransactionsError]: 'transactions',
  [T.RateLimitExceeded]: 'rate-limit-exceeded',
};

export const newRequestId = () => randomBase62(15);

/** A Plaid error on its way to the client; `toBody()` is exactly what Plaid sends. */
export class PlaidSandboxError extends Error {
  readonly status: number;
  constructor(
    readonly code: SandboxErrorCode,
    message?: string,
  ) {
    const spec: ErrorSpec = CATALOGUE[code];
    super(message ?? spec.message);
    this.status = spec.status ?? 400;
  }

  toBody(requestId: string): PlaidError {
    const spec: ErrorSpec = CATALOGUE[this.code];
    return {
      error_type: spec.type,
      error_code: this.code,
      error_message: this.message,
      display_message: spec.display,
      request_id: requestId,
      causes: [],
      status: this.status,
      documentation_url: `https://plaid.com/docs/errors/${DOC_SECTION[spec.type] ?? ''}/#${this.code.toLowerCase()}`,
      suggested_action: null,
    };
  }
}

export const plaidError = (code: SandboxErrorCode, message?: string) => new PlaidSandboxError(code, message);

export const missingFields = (fields: string[]) =>
  plaidError('MISSING_FIELDS', `the following required fields are missing: ${fields.join(', ')}`);

export const invalidField = (message: string) => plaidError('INVALID_FIELD', message);
