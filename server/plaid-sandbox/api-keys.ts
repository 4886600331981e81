// The sandbox's own API keys. Only this server's SDK client is given them (config.ts generates
// them into the data folder), so the sandbox's API is no open API: anything else answers
// Plaid's INVALID_API_KEYS.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { plaidError } from './errors';

// Hashing first gives equal lengths, so the comparison takes the same time whatever is sent.
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const same = (given: unknown, expected: Buffer) =>
  typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), expected);

export function apiKeys(clientId: string, secret: string) {
  const id = digest(clientId);
  const key = digest(secret);
  return {
    /** True when the PLAID-CLIENT-ID / PLAID-SECRET headers carry this sandbox's keys. */
    inHeaders: (req: Request) => same(req.get('plaid-client-id'), id) && same(req.get('plaid-secret'), key),

    /** Plaid accepts the keys in the body or in the headers; anything else is INVALID_API_KEYS. */
    require(req: Request): void {
      const body = (req.body ?? {}) as { client_id?: unknown; secret?: unknown };
      const givenId = body.client_id ?? req.get('plaid-client-id');
      const givenSecret = body.secret ?? req.get('plaid-secret');
      // Both are compared, so a right client id with a wrong secret takes as long as neither.
      const idOk = same(givenId, id);
      const secretOk = same(givenSecret, key);
      if (!idOk || !secretOk) throw plaidError('INVALID_API_KEYS');
    },
  };
}

export type ApiKeys = ReturnType<typeof apiKeys>;
