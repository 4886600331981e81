// Items and their tokens: what both the Plaid endpoints and the Link endpoints build on.
// Sandbox credentials follow Plaid's conventions: user_good / pass_good logs in, and a
// password `error_<CODE>` fails with that code (ITEM_LOGIN_REQUIRED links, then fails later).
import type { Clock } from '../lib/clock';
import type { CursorCodec } from './cursor';
import type { FaultSwitch } from './faults';
import { LINK_ERROR_CODES, plaidError, type SandboxErrorCode } from './errors';
import { createHmac } from 'node:crypto';
import { newItemId, newToken, tokenHasFormat } from './ids';
import { findInstitution } from './institutions';
import type { ItemRow, LinkTokenRow, SandboxStore } from './store';
import type { ThrottledLog } from './throttled-log';
import type { WebhookKeys, WebhookSender } from './webhooks';

const MINUTE = 60_000;
export const LINK_TOKEN_TTL = 4 * 60 * MINUTE;
export const PUBLIC_TOKEN_TTL = 30 * MINUTE;
/** Items one end user (client_user_id) may have at once; Link answers ADDITION_LIMIT beyond. */
export const MAX_ITEMS_PER_USER = 50;
/** Unused public tokens an Item keeps; issuing another drops the oldest. */
export const MAX_LIVE_PUBLIC_TOKENS = 5;

/** Usernames Plaid's sandbox accepts with pass_good. */
const GOOD_USERS = new Set(['user_good', 'user_transactions_dynamic']);

export interface CredentialsOutcome {
  loginRequired: boolean;
}

/** Checks sandbox credentials; throws the Plaid error an `error_<CODE>` password asks for. */
export function checkCredentials(username: string, password: string): CredentialsOutcome {
  if (username.trim() && password.startsWith('error_')) {
    const code = password.slice('error_'.length);
    if (code === 'ITEM_LOGIN_REQUIRED') return { loginRequired: true };
    if ((LINK_ERROR_CODES as readonly string[]).includes(code)) throw plaidError(code as SandboxErrorCode);
    throw plaidError('INVALID_CREDENTIALS');
  }
  if (GOOD_USERS.has(username) && password === 'pass_good') return { loginRequired: false };
  throw plaidError('INVALID_CREDENTIALS');
}

export function requireInstitution(id: string) {
  const institution = findInstitution(id);
  if (!institution) throw plaidError('INVALID_INSTITUTION');
  return institution;
}

export interface NewItem {
  itemId?: string;
  institutionId: string;
  products: string[];
  clientUserId: string | null;
  accountIds: string[] | null;
  webhook: string | null;
  loginRequired: boolean;
}

/** The request kinds that create Items, each logged at most once a minute. */
export type ItemSource = 'link' | 'sandbox-api';

/**
 * An Item's access token is derived from its id with a server secret, so the sandbox can hand it
 * out again (update mode) while its table keeps only a hash of it, like the app's own tables.
 */
export function deriveAccessToken(secret: Buffer, itemId: string): string {
  const h = createHmac('sha256', secret).update(`plaid-sandbox-access:${itemId}`).digest('hex');
  return `access-sandbox-${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function itemService(store: SandboxStore, log: ThrottledLog, secret: Buffer) {
  let lastPurge = Number.NEGATIVE_INFINITY;
  return {
    /** Drops expired link tokens and abandoned Items, at most once a minute. */
    async purgeExpired(now: number): Promise<void> {
      if (now - lastPurge < MINUTE) return;
      lastPurge = now;
      await store.purgeExpired(now, now - PUBLIC_TOKEN_TTL);
    },
    accessTokenFor: (itemId: string) => deriveAccessToken(secret, itemId),
    async createItem(n: NewItem, now: number, source: ItemSource): Promise<ItemRow> {
      if (n.clientUserId !== null && (await store.countItemsOfUser(n.clientUserId)) >= MAX_ITEMS_PER_USER)
        throw plaidError('ADDITION_LIMIT');
      const itemId = n.itemId ?? newItemId();
      const row: ItemRow = {
        item_id: itemId,
        access_token: deriveAccessToken(secret, itemId),
        institution_id: n.institutionId,
        client_user_id: n.clientUserId,
        products: n.products,
        account_ids: n.accountIds,
        webhook: n.webhook,
        login_required: n.loginRequired,
        version: 0,
        created_at: now,
        exchanged_at: null,
      };
      await store.insertItem(row);
      log(`item-created:${source}`, 'plaid sandbox: item created', {
        source,
        institution_id: row.institution_id,
      });
      return row;
    },

    async issuePublicToken(itemId: string, now: number): Promise<string> {
      // Used and expired tokens can never be exchanged again; the live ones are capped.
      await store.prunePublicTokens(itemId, now, MAX_LIVE_PUBLIC_TOKENS - 1);
      const token = newToken('public');
      await store.insertPublicToken({
        public_token: token,
        item_id: itemId,
        created_at: now,
        expires_at: now + PUBLIC_TOKEN_TTL,
        used_at: null,
      });
      return token;
    },

    /** Exchanges a public token once, within 30 minutes of its creation. */
    async exchange(publicToken: string, now: number): Promise<ItemRow> {
      if (!tokenHasFormat('public', publicToken)) {
        throw plaidError(
          'INVALID_PUBLIC_TOKEN',
          'provided public token is in an invalid format. expected format: public-<environment>-<identifier>',
        );
      }
      const row = await store.getPublicToken(publicToken);
      if (!row || row.used_at !== null) throw plaidError('INVALID_PUBLIC_TOKEN');
      if (row.expires_at <= now) {
        throw plaidError(
          'INVALID_PUBLIC_TOKEN',
          'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
        );
      }
      const item = await store.getItem(row.item_id);
      if (!item || !(await store.usePublicToken(publicToken, now))) throw plaidError('INVALID_PUBLIC_TOKEN');
      // Update mode hands out a public token for an Item that was exchanged long ago.
      if (item.exchanged_at === null) {
        await store.updateItem(item.item_id, { exchanged_at: now });
        item.exchanged_at = now;
      }
      return item;
    },

    async itemForAccessToken(accessToken: string): Promise<ItemRow> {
      if (!tokenHasFormat('access', accessToken)) {
        throw plaidError(
          'INVALID_ACCESS_TOKEN',
          'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
        );
      }
      const item = await store.getItemByAccessToken(accessToken);
      if (!item) throw plaidError('INVALID_ACCESS_TOKEN');
      return item;
    },

    /** Link tokens can open Link any number of times until they expire after 4 hours. */
    async linkToken(token: unknown, now: number): Promise<LinkTokenRow> {
      const row = typeof token === 'string' && token ? await store.getLinkToken(token) : undefined;
      if (!row) throw plaidError('INVALID_LINK_TOKEN');
      if (row.expires_at <= now) throw plaidError('INVALID_LINK_TOKEN', 'provided link token is expired');
      return row;
    },
  };
}

export type ItemService = ReturnType<typeof itemService>;

/** What the route modules share. */
export interface SandboxContext {
  store: SandboxStore;
  items: ItemService;
  cursors: CursorCodec;
  clock: Clock;
  notReadyMs: number;
  /** Faults armed through /sandbox/item/set_fault (faults.ts). */
  faults: FaultSwitch;
  /** Webhook signing keys and deliveries (webhooks.ts). */
  webhookKeys: WebhookKeys;
  webhooks: WebhookSender;
}
