// The sandbox's persistence: the only sandbox code that talks to Knex. Returns plain objects.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export interface LinkTokenRow {
  link_token: string;
  client_user_id: string;
  client_name: string;
  products: string[];
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
const ITEMS = 'plaid_sandbox_items';
const PUBLIC = 'plaid_sandbox_public_tokens';
const CUSTOM = 'plaid_sandbox_custom_transactions';

/** Access tokens are stored as their SHA-256 only. */
const tokenHash = (t: string) => createHash('sha256').update(t).digest('hex');

export function sandboxStore(db: Knex) {
  return {
    async insertLinkToken(row: LinkTokenRow): Promise<void> {
      await db(LINK).insert({ ...row, products: JSON.stringify(row.products) });
    },
    /**
     * Forgets what can never be used again, as Plaid does: expired link tokens, and Items from a
     * Link session whose public token was never exchanged (`abandonedBefore` = now minus a public
     * token's life), with their tokens and custom transactions. Nothing of an end user who left
     * outlives these windows.
     */
    async purgeExpired(now: number, abandonedBefore: number): Promise<void> {
      await db(LINK).where('expires_at', '<=', now).del();
      await db(PUBLIC).where('expires_at', '<=', now).del();
      const abandoned = db(ITEMS).whereNull('exchanged_at').where('created_at', '<=', abandonedBefore);
      await db.transaction(async (trx) => {
        await trx(PUBLIC).whereIn('item_id', abandoned.clone().select('item_id')).del();
        await trx(CUSTOM).whereIn('item_id', abandoned.clone().select('item_id')).del();
        await trx(ITEMS).whereIn('item_id', abandoned.clone().select('item_id')).del();
      });
    },
    async getLinkToken(token: string): Promise<LinkTokenRow | undefined> {
      const r = await db(LINK).where({ link_token: token }).first();
      return r ? toLinkToken(r) : undefined;
    },
    async updateLinkToken(
      token: string,
      patch: Partial<Omit<LinkTokenRow, 'link_token' | 'products'>>,
    ): Promise<void> {
      await db(LINK).where({ link_token: token }).update(patch);
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
    async deleteItem(itemId: string): Promise<void> {
      // Explicit deletes rather than relying on ON DELETE CASCADE, which SQLite only honours
      // when its foreign_keys pragma is on.
      await db.transaction(async (trx) => {
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
