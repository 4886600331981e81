// Plaid's webhooks (issue 27): verified as Plaid documents, then acted on in the background.
// A webhook carries a `Plaid-Verification` header: an ES256 JWT whose header names the signing
// key (`kid`) and whose claims hold `iat` and the SHA-256 of the exact body. The key is fetched
// through the SDK's webhookVerificationKeyGet and kept by kid; a JWT older than 5 minutes, signed
// otherwise, or over a different body is refused. Acting is idempotent: a repeated webhook syncs
// again, which changes nothing when nothing is new.
import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { errorSummary } from '../lib/error-summary';
import { plaidErrorOf } from './plaid-errors';
import type { BankService } from './bank-service';

/** Plaid: "the iat ... should not be more than 5 minutes old". */
export const WEBHOOK_MAX_AGE_S = 5 * 60;
/** Keys kept by kid, and kids known not to exist (each fetch costs a call to Plaid). */
const MAX_KEYS = 32;
const MAX_UNKNOWN_KIDS = 256;
/** Key fetches per minute, whatever the kids asked for: a flood of made-up kids reaches Plaid at this rate. */
const KEY_FETCHES_PER_MINUTE = 20;
/** A JWT longer than this is not Plaid's (theirs are about 300 characters). */
const MAX_JWT_LENGTH = 2048;
/** How many times a webhook sync waits for a user's running bank operation before giving up. */
const SYNC_ATTEMPTS = 3;
const SYNC_RETRY_MS = 2_000;

export type WebhookVerdict = { ok: true } | { ok: false; reason: string };

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

/** The fields of Plaid's webhook bodies this app reads. */
const webhookSchema = z.object({
  webhook_type: z.string().max(64),
  webhook_code: z.string().max(64),
  item_id: z.string().min(1).max(100).optional(),
  error: z.object({ error_code: z.string().max(100).optional() }).nullish(),
});

export function webhookService(deps: Pick<AppDeps, 'plaid' | 'clock' | 'logger'>, bank: BankService) {
  const keys = new Map<string, { key: VerifyKey; expired: boolean }>();
  const unknownKids = new Set<string>();
  let fetchWindow = { start: 0, count: 0 };
  /**
   * The background work running per user ('sync:<id>', 'streams:<id>'), and whether another
   * webhook asking for it came meanwhile.
   */
  const running = new Map<string, { again: boolean }>();

  function mayFetchKey(): boolean {
    const t = deps.clock.now().getTime();
    if (t - fetchWindow.start >= 60_000) fetchWindow = { start: t, count: 0 };
    return ++fetchWindow.count <= KEY_FETCHES_PER_MINUTE;
  }

  async function keyFor(kid: string): Promise<{ key: VerifyKey; expired: boolean } | null> {
    const known = keys.get(kid);
    if (known) return known;
    if (unknownKids.has(kid) || !mayFetchKey()) return null;
    try {
      const { key } = (await deps.plaid().webhookVerificationKeyGet({ key_id: kid })).data;
      if (key.kid !== kid || key.kty !== 'EC' || key.crv !== 'P-256') return null;
      const entry = {
        key: await importJWK({ kty: 'EC', crv: 'P-256', x: key.x, y: key.y } as JWK, 'ES256'),
        expired: key.expired_at !== null && key.expired_at !== undefined,
      };
      if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
      keys.set(kid, entry);
      return entry;
    } catch (err) {
      const code = plaidErrorOf(err)?.error_code;
      if (code === 'INVALID_FIELD' || code === 'INVALID_REQUEST') {
        if (unknownKids.size >= MAX_UNKNOWN_KIDS) unknownKids.delete(unknownKids.values().next().value!);
        unknownKids.add(kid);
      } else deps.logger.warn('webhook key fetch failed', { code });
      return null;
    }
  }

  async function verify(rawBody: Buffer, jwt: string | undefined): Promise<WebhookVerdict> {
    if (!jwt || jwt.length > MAX_JWT_LENGTH) return { ok: false, reason: 'no verification header' };
    let header;
    try {
      header = decodeProtectedHeader(jwt);
    } catch {
      return { ok: false, reason: 'malformed verification header' };
    }
    if (header.alg !== 'ES256') return { ok: false, reason: 'algorithm is not ES256' };
    if (typeof header.kid !== 'string' || !/^[\w-]{1,64}$/.test(header.kid))
      return { ok: false, reason: 'no usable key id' };
    const entry = await keyFor(header.kid);
    if (!entry) return { ok: false, reason: 'unknown key id' };
    if (entry.expired) return { ok: false, reason: 'key has expired' };
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(jwt, entry.key, {
        algorithms: ['ES256'],
        currentDate: deps.clock.now(),
        maxTokenAge: WEBHOOK_MAX_AGE_S,
        requiredClaims: ['iat'],
      }));
    } catch (err) {
      return { ok: false, reason: (err as { code?: string }).code ?? 'signature check failed' };
    }
    const claimed = claims.request_body_sha256;
    if (typeof claimed !== 'string' || !/^[0-9a-f]{64}$/.test(claimed))
      return { ok: false, reason: 'no body hash' };
    const actual = createHash('sha256').update(rawBody).digest();
    if (!timingSafeEqual(actual, Buffer.from(claimed, 'hex')))
      return { ok: false, reason: 'body hash differs' };
    return { ok: true };
  }

  /**
   * Runs `work` for the user in the background; webhooks asking for the same work meanwhile make it
   * run once more, not in parallel.
   */
  async function inBackground(key: string, what: string, work: () => Promise<void>): Promise<void> {
    const current = running.get(key);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: false };
    running.set(key, state);
    try {
      do {
        state.again = false;
        for (let attempt = 1; ; attempt++) {
          try {
            await work();
            break;
          } catch (err) {
            const status = (err as { status?: number }).status;
            // Another of the user's bank operations holds the lock (409), or the data is not ready
            // yet (503): try again a little later; anything else is logged and left.
            if ((status === 409 || status === 503) && attempt < SYNC_ATTEMPTS) {
              await new Promise((r) => setTimeout(r, SYNC_RETRY_MS).unref());
              continue;
            }
            if (
              status !== 409 ||
              (err as { extra?: { error_code?: string } }).extra?.error_code !== 'ITEM_LOGIN_REQUIRED'
            )
              deps.logger.warn(`webhook ${what} failed`, errorSummary(err));
            break;
          }
        }
      } while (state.again);
    } finally {
      running.delete(key);
    }
  }

  /** Syncs the user's items (rows, then their recurring streams). */
  const syncUser = (userId: number) =>
    inBackground(`sync:${userId}`, 'sync', () => bank.syncForWebhook(userId));
  /** Fetches the user's recurring streams again (issue 28). */
  const refreshStreams = (userId: number) =>
    inBackground(`streams:${userId}`, 'streams refresh', () => bank.refreshStreamsForWebhook(userId));

  return {
    verify,

    /**
     * Acts on a verified webhook body; answers what was done (for the log and tests). Bank syncs
     * and stream refreshes run in the background: `settled` waits for them.
     */
    async handle(body: unknown): Promise<string> {
      const parsed = webhookSchema.safeParse(body);
      if (!parsed.success || !parsed.data.item_id) return 'ignored';
      const w = parsed.data;
      const owner = await bank.itemOwner(w.item_id!);
      if (!owner) return 'unknown item';
      const code = `${w.webhook_type}:${w.webhook_code}`;
      switch (code) {
        case 'TRANSACTIONS:SYNC_UPDATES_AVAILABLE':
        case 'TRANSACTIONS:DEFAULT_UPDATE':
        case 'TRANSACTIONS:INITIAL_UPDATE':
        case 'TRANSACTIONS:HISTORICAL_UPDATE':
        case 'TRANSACTIONS:TRANSACTIONS_REMOVED':
          // The sync fetches the recurring streams again after the rows (issue 28).
          void syncUser(owner.userId);
          return 'sync';
        case 'TRANSACTIONS:RECURRING_TRANSACTIONS_UPDATE':
          void refreshStreams(owner.userId);
          return 'streams';
        case 'ITEM:ERROR':
          if (w.error?.error_code !== 'ITEM_LOGIN_REQUIRED') return 'ignored';
          await bank.setItemStatus(owner.userId, owner.itemRowId, 'login_required');
          return 'reconnect';
        case 'ITEM:PENDING_EXPIRATION':
        case 'ITEM:PENDING_DISCONNECT':
        case 'ITEM:USER_PERMISSION_REVOKED':
        case 'ITEM:USER_ACCOUNT_REVOKED':
          await bank.setItemStatus(owner.userId, owner.itemRowId, 'login_required');
          return 'reconnect';
        case 'ITEM:LOGIN_REPAIRED':
          await bank.setItemStatus(owner.userId, owner.itemRowId, 'ok');
          return 'repaired';
        default:
          return 'ignored';
      }
    },

    /** Waits until no webhook sync is running (tests). */
    async settled(): Promise<void> {
      while (running.size > 0) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
