// The sandbox's persistence: the only sandbox code that talks to Knex. Returns plain objects.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export interface LinkTokenRow {
  link_token: string;
  client_user_id: string;
  client_name: string;
  products: string[];
  country_codes: string[];
  language: string | null;
  webhook: string | null;
  redirect_uri: string | null;
  item_id: string | null;
  link_session_id: string | null;
  pending_item_id: string | null;
  pending_institution_id: string | null;
  oauth_state_id: string | null;
  created_at: number;
  expires_at: number;
}

export interface ItemRow {
  item_id: string;
  access_token: string;
  institution_id: string;
  client_user_id: string | null;
  products: string[];
  account_ids: string[] | null;
  webhook: string | null;
  login_required: boolean;
  version: number;
  created_at: number;
  exchanged_at: number | null;
}

export interface PublicTokenRow {
  public_token: string;
  item_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One Link session of a link token, and what it produced (reported by /link/token/get). */
export interface LinkSessionRow {
  link_session_id: string;
  link_token: string;
  started_at: number;
  finished_at: number | null;
  item_id: string | null;
  public_token: string | null;
  institution_id: string | null;
  accounts: LinkSessionAccount[] | null;
}

/** An account as Link's onSuccess metadata names it. */
export interface LinkSessionAccount {
  id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string | null;
  verification_status: null;
}

export interface CustomTransactionRow {
  id: number;
  item_id: string;
  transaction_id: string;
  date_transacted: string;
  date_posted: string;
  amount_cents: number;
  description: string;
  iso_currency_code: string;
  created_at: number;
}

type Raw = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toLinkToken(r: Raw): LinkTokenRow {
  return {
    ...(r as unknown as LinkTokenRow),
    products: json<string[]>(r.products),
    country_codes: r.country_codes == null ? [] : json<string[]>(r.country_codes),
    created_at: Number(r.created_at),
    expires_at: Number(r.expires_at),
  };
}

function toItem(r: Raw): ItemRow {
  return {
    ...(r as unknown as ItemRow),
    products: json<string[]>(r.products),
    account_ids: r.account_ids == null ? null : json<string[]>(r.account_ids),
    login_required: Boolean(r.login_required),
    version: Number(r.version),
    created_at: Number(r.created_at),
    exchanged_at: num(r.exchanged_at),
  };
}

const LINK = 'plaid_sandbox_link_tokens';
const SESSIONS = 'plaid_sandbox_link_sessions';
const ITEMS = 'plaid_sandbox_items';
const PUBLIC = 'plaid_sandbox_public_tokens';
const CUSTOM = 'plaid_sandbox_custom_transactions';
const WEBHOOK_KEYS = 'plaid_sandbox_webhook_keys';

/** A webhook signing key as listed (migration 015); its private half is derived, never stored. */
export interface WebhookKeyRow {
  kid: string;
  created_at: number;
  expired_at: number | null;
}
const toWebhookKey = (r: Raw): WebhookKeyRow => ({
  kid: String(r.kid),
  created_at: Number(r.created_at),
  expired_at: r.expired_at === null || r.expired_at === undefined ? null : Number(r.expired_at),
});

/** Access tokens are stored as their SHA-256 only. */
const tokenHash = (t: string) => createHash('sha256').update(t).digest('hex');

export function sandboxStore(db: Knex) {
  return {
    async insertLinkToken(row: LinkTokenRow): Promise<void> {
      await db(LINK).insert({
        ...row,
        products: JSON.stringify(row.products),
        country_codes: JSON.stringify(row.country_codes),
      });
    },
    /**
     * Forgets what can never be used again, as Plaid does: expired link tokens, and Items from a
     * Link session whose public token was never exchanged (`abandonedBefore` = now minus a public
     * token's life), with their tokens and custom transactions. Nothing of an end user who left
     * outlives these windows.
     */
    async purgeExpired(now: number, abandonedBefore: number): Promise<void> {
      await db(LINK).where('expires_at', '<=', now).del();
      await db(SESSIONS).whereNotIn('link_token', db(LINK).select('link_token')).del();
      await db(PUBLIC).where('expires_at', '<=', now).del();
      const abandoned = db(ITEMS).whereNull('exchanged_at').where('created_at', '<=', abandonedBefore);
      await db.transaction(async (trx) => {
        await trx(PUBLIC).whereIn('item_id', abandoned.clone().select('item_id')).del();
        await trx(CUSTOM).whereIn('item_id', abandoned.clone().select('item_id')).del();
        await trx(ITEMS).whereIn('item_id', abandoned.clone().select('item_id')).del();
      });
    },
    async startLinkSession(linkToken: string, linkSessionId: string, now: number): Promise<void> {
      await db(SESSIONS).insert({ link_session_id: linkSessionId, link_token: linkToken, started_at: now });
    },
    /** Records what a session produced; a session Link never opened (no id yet) is made here. */
    async finishLinkSession(
      row: Omit<LinkSessionRow, 'started_at' | 'finished_at'>,
      now: number,
    ): Promise<void> {
      const result = {
        finished_at: now,
        item_id: row.item_id,
        public_token: row.public_token,
        institution_id: row.institution_id,
        accounts: row.accounts ? JSON.stringify(row.accounts) : null,
      };
      const n = await db(SESSIONS)
        .where({ link_session_id: row.link_session_id, link_token: row.link_token })
        .update(result);
      if (n === 0)
        await db(SESSIONS).insert({
          link_session_id: row.link_session_id,
          link_token: row.link_token,
          started_at: now,
          ...result,
        });
    },
    async listLinkSessions(linkToken: string): Promise<LinkSessionRow[]> {
      const rows = (await db(SESSIONS)
        .where({ link_token: linkToken })
        .orderBy('started_at')
        .orderBy('link_session_id')) as Raw[];
      return rows.map((r) => ({
        ...(r as unknown as LinkSessionRow),
        started_at: Number(r.started_at),
        finished_at: num(r.finished_at),
        accounts: r.accounts == null ? null : json<LinkSessionAccount[]>(r.accounts),
      }));
    },
    async getLinkToken(token: string): Promise<LinkTokenRow | undefined> {
      const r = await db(LINK).where({ link_token: token }).first();
      return r ? toLinkToken(r) : undefined;
    },
    async updateLinkToken(
      token: string,
      patch: Partial<Omit<LinkTokenRow, 'link_token' | 'products' | 'country_codes'>>,
    ): Promise<void> {
      await db(LINK).where({ link_token: token }).update(patch);
    },

    /** The newest key that has not been retired. */
    async currentWebhookKey(): Promise<WebhookKeyRow | undefined> {
      const r = await db(WEBHOOK_KEYS).whereNull('expired_at').orderBy('created_at', 'desc').first();
      return r ? toWebhookKey(r) : undefined;
    },
    async getWebhookKey(kid: string): Promise<WebhookKeyRow | undefined> {
      const r = await db(WEBHOOK_KEYS).where({ kid }).first();
      return r ? toWebhookKey(r) : undefined;
    },
    /** Retires every current key (at `now`) and lists `kid` as the new one, in one transaction. */
    async rotateWebhookKey(kid: string, now: number): Promise<void> {
      await db.transaction(async (trx) => {
        await trx(WEBHOOK_KEYS).whereNull('expired_at').update({ expired_at: now });
        await trx(WEBHOOK_KEYS).insert({ kid, created_at: now, expired_at: null });
      });
    },
    /** Lists `kid` as the first key unless another instance listed one first. */
    async insertFirstWebhookKey(kid: string, now: number): Promise<void> {
      await db(WEBHOOK_KEYS).insert({ kid, created_at: now, expired_at: null }).onConflict('kid').ignore();
    },

    async insertItem(row: ItemRow): Promise<void> {
      await db(ITEMS).insert({
        ...row,
        access_token: tokenHash(row.access_token),
        products: JSON.stringify(row.products),
        account_ids: row.account_ids ? JSON.stringify(row.account_ids) : null,
      });
    },
    async getItem(itemId: string): Promise<ItemRow | undefined> {
      const r = await db(ITEMS).where({ item_id: itemId }).first();
      return r ? toItem(r) : undefined;
    },
    async getItemByAccessToken(accessToken: string): Promise<ItemRow | undefined> {
      const r = await db(ITEMS)
        .where({ access_token: tokenHash(accessToken) })
        .first();
      return r ? toItem(r) : undefined;
    },
    async countItemsOfUser(clientUserId: string): Promise<number> {
      const r = await db(ITEMS).where({ client_user_id: clientUserId }).count({ n: '*' }).first();
      return Number(r?.n ?? 0);
    },
    async updateItem(
      itemId: string,
      patch: Partial<Pick<ItemRow, 'login_required' | 'exchanged_at'>>,
    ): Promise<void> {
      await db(ITEMS).where({ item_id: itemId }).update(patch);
    },
    /** Moves the Item's data forward; a no-op if another request already did. */
    async advanceVersion(itemId: string, from: number, to: number): Promise<void> {
      await db(ITEMS).where({ item_id: itemId, version: from }).update({ version: to });
    },
    /**
     * Deletes the Item with its tokens and custom transactions, and invalidates the link tokens
     * that made it or update it, with their sessions, unless another session of the token made
     * an Item that is still there (/link/token/get still has to report that one).
     */
    async deleteItem(itemId: string): Promise<void> {
      // Explicit deletes rather than relying on ON DELETE CASCADE, which SQLite only honours
      // when its foreign_keys pragma is on.
      await db.transaction(async (trx) => {
        const made = (await trx(SESSIONS).where({ item_id: itemId }).pluck('link_token')) as string[];
        const updating = (await trx(LINK).where({ item_id: itemId }).pluck('link_token')) as string[];
        await trx(SESSIONS).where({ item_id: itemId }).del();
        const candidates = [...new Set([...made, ...updating])];
        const productive = new Set(
          (await trx(SESSIONS)
            .whereIn('link_token', candidates)
            .whereNotNull('item_id')
            .pluck('link_token')) as string[],
        );
        const spent = candidates.filter((t) => !productive.has(t));
        if (spent.length) {
          await trx(SESSIONS).whereIn('link_token', spent).del();
          await trx(LINK).whereIn('link_token', spent).del();
        }
        await trx(PUBLIC).where({ item_id: itemId }).del();
        await trx(CUSTOM).where({ item_id: itemId }).del();
        await trx(ITEMS).where({ item_id: itemId }).del();
      });
    },

    async insertPublicToken(row: PublicTokenRow): Promise<void> {
      await db(PUBLIC).insert(row);
    },
    async getPublicToken(token: string): Promise<PublicTokenRow | undefined> {
      const r = await db(PUBLIC).where({ public_token: token }).first();
      return r
        ? {
            ...(r as PublicTokenRow),
            created_at: Number(r.created_at),
            expires_at: Number(r.expires_at),
            used_at: num(r.used_at),
          }
        : undefined;
    },
    /** Deletes the Item's used and expired public tokens, and all but its `keep` newest live ones. */
    async prunePublicTokens(itemId: string, now: number, keep: number): Promise<void> {
      await db(PUBLIC)
        .where({ item_id: itemId })
        .andWhere((q) => q.whereNotNull('used_at').orWhere('expires_at', '<=', now))
        .del();
      const live = (await db(PUBLIC)
        .where({ item_id: itemId })
        .orderBy('created_at', 'desc')
        .orderBy('public_token')
        .pluck('public_token')) as string[];
      if (live.length > keep) await db(PUBLIC).whereIn('public_token', live.slice(keep)).del();
    },
    /** Marks a public token used; false when another request used it first (single use). */
    async usePublicToken(token: string, now: number): Promise<boolean> {
      const n = await db(PUBLIC).where({ public_token: token }).whereNull('used_at').update({ used_at: now });
      return n === 1;
    },

    async insertCustomTransactions(rows: Omit<CustomTransactionRow, 'id'>[]): Promise<void> {
      await db(CUSTOM).insert(rows);
    },
    async listCustomTransactions(itemId: string, maxId?: number): Promise<CustomTransactionRow[]> {
      const q = db(CUSTOM).where({ item_id: itemId }).orderBy('id');
      if (maxId !== undefined) q.andWhere('id', '<=', maxId);
      const rows = (await q) as Raw[];
      return rows.map((r) => ({
        ...(r as unknown as CustomTransactionRow),
        id: Number(r.id),
        amount_cents: Number(r.amount_cents),
        created_at: Number(r.created_at),
      }));
    },
    async countCustomTransactions(itemId: string): Promise<number> {
      const r = await db(CUSTOM).where({ item_id: itemId }).count({ n: '*' }).first();
      return Number(r?.n ?? 0);
    },
    async maxCustomTransactionId(itemId: string): Promise<number> {
      const r = await db(CUSTOM).where({ item_id: itemId }).max({ m: 'id' }).first();
      return Number(r?.m ?? 0);
    },
  };
}

export type SandboxStore = ReturnType<typeof sandboxStore>;
