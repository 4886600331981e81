// Bank linking through Plaid: link tokens, token exchange, transaction sync, accounts, disconnect.
// Access tokens are decrypted only here, right before an SDK call, and never returned or logged.
// Types only: the SDK itself loads with the first bank call (services/plaid-client.ts).
import type { CountryCode, Products, RemovedTransaction } from 'plaid';
import { createHmac } from 'node:crypto';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { decryptSecret, encryptSecret } from '../lib/crypto';
import { unitOfWork } from '../repositories/unit-of-work';
import { bankRepo, type AccountInput, type ItemRow } from '../repositories/bank-repo';
import { BankBusyError, bankLocks } from '../repositories/bank-lock';
import { transactionsRepo, type TxInput } from '../repositories/transactions-repo';
import { linkTokensRepo } from '../repositories/link-tokens-repo';
import { toAccountInput, toTxInput, validRemovedIds } from './bank-data-rules';
import { dayAfterYears } from '../../src/domain/money-rules';
import { plaidDetails, plaidErrorOf } from './plaid-errors';
import { linkScriptUrl } from './plaid-client';
import { toApiTransaction } from './transaction-shape';
import { accountFields } from './account-fields';
import { notice, type ProgressService } from './progress-service';
import { refereeRepo } from '../repositories/referee-repo';
import { billsRepo } from '../repositories/bills-repo';
import { toStreamInputs } from './recurring-streams';
import { bankRefreshed, institutionLinked, recordHistory } from '../../src/domain/referee';

export type BankDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'plaid' | 'webhookUrl'>;

const SYNC_PAGE_SIZE = 500;
const MAX_SYNC_PAGES = 200; // 100,000 transactions: a guard against a cursor that never ends
/** How often one sync starts over because another operation moved the cursor under it. */
const MAX_SYNC_RESTARTS = 3;
/** Plaid's public tokens live 30 minutes: a Link session's result outlives its link token by that much. */
const PUBLIC_TOKEN_TTL_MS = 30 * 60_000;
/** Plaid's link tokens live 4 hours; the expiry Plaid answers is used when it gives one. */
const LINK_TOKEN_TTL_MS = 4 * 60 * 60_000;
const GONE_AT_PLAID = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);
const syncChanged = () => new HttpError(409, 'Your bank data changed while syncing. Please try again.');

export function bankService(deps: BankDeps, progress: ProgressService) {
  const items = bankRepo(deps.db);
  const facts = refereeRepo(deps.db);
  const txs = transactionsRepo(deps.db);
  const linkTokens = linkTokensRepo(deps.db);
  const bills = billsRepo(deps.db);
  const units = unitOfWork(deps.db);
  const key = deps.config.encryptionKey;
  const now = () => deps.clock.now().getTime();
  const accessToken = (item: ItemRow) => decryptSecret(key, item.access_token_enc);
  const locks = bankLocks(deps.db, { waitMs: deps.config.bankLockWaitMs });
  /**
   * The end user as Plaid knows them: stable per user (Plaid's duplicate and limit checks need
   * that) but opaque, so nothing Plaid keeps names the app's user id or e-mail.
   */
  const clientUserId = (userId: number) =>
    createHmac('sha256', key).update(`plaid-client-user:${userId}`).digest('hex').slice(0, 32);

  /**
   * Runs one of the user's bank operations alone: a second one (on any instance) waits for the
   * first, up to BANK_LOCK_WAIT_MS, then answers 409 instead of interleaving with it.
   */
  async function alone<T>(userId: number, work: () => Promise<T>): Promise<T> {
    try {
      return await locks.run(userId, async () => {
        await finishRemovals(userId);
        return work();
      });
    } catch (err) {
      if (err instanceof BankBusyError) {
        throw new HttpError(409, 'Another bank update is still running. Please try again in a moment.');
      }
      throw err;
    }
  }

  /**
   * Asks Plaid to remove each item, in order, until one fails with anything but "Plaid no longer
   * knows it". Answers the rows now gone at Plaid and that failure, if any.
   */
  async function removeAtBank(list: ItemRow[]): Promise<{ gone: number[]; failure?: unknown }> {
    const gone: number[] = [];
    for (const item of list) {
      try {
        await deps.plaid().itemRemove({ access_token: accessToken(item) });
      } catch (err) {
        if (!GONE_AT_PLAID.has(plaidErrorOf(err)?.error_code ?? '')) return { gone, failure: err };
      }
      gone.push(item.id);
    }
    return { gone };
  }

  /**
   * Finishes removals that a stopped server left half done (marked, maybe removed at Plaid, rows
   * still here). A bank that still fails leaves them marked, hidden from every list, for next time.
   */
  async function finishRemovals(userId: number): Promise<void> {
    const pending = await items.listItemsInRemoval(userId);
    if (pending.length === 0) return;
    const { gone, failure } = await removeAtBank(pending);
    await units.run((trx) => items.deleteItems(userId, gone, trx));
    if (failure) deps.logger.warn('item/remove failed again', { code: plaidErrorOf(failure)?.error_code });
  }

  /**
   * What one of the user's link tokens left at Plaid: asks /link/token/get for its sessions, and
   * exchanges each public token they handed out that was never exchanged (the browser went away
   * after Link), then removes that Item (/item/remove). The Item is first recorded as being
   * removed, so a bank failure leaves it for finishRemovals (the next bank operation or deletion
   * attempt) instead of losing its access token. Answers the first failure, if any.
   */
  async function removeLeftoversOf(userId: number, linkToken: string): Promise<unknown> {
    let sessions;
    try {
      sessions = (await deps.plaid().linkTokenGet({ link_token: linkToken })).data.link_sessions ?? [];
    } catch (err) {
      // Expired, or already invalidated because the Item its session made was removed.
      return plaidErrorOf(err)?.error_code === 'INVALID_LINK_TOKEN' ? undefined : err;
    }
    const publicTokens = new Set(
      sessions.flatMap((s) => [
        ...(s.results?.item_add_results ?? []).map((r) => r.public_token),
        ...(s.on_success?.public_token ? [s.on_success.public_token] : []),
      ]),
    );
    for (const publicToken of publicTokens) {
      let exchanged;
      try {
        exchanged = (await deps.plaid().itemPublicTokenExchange({ public_token: publicToken })).data;
      } catch (err) {
        // Exchanged already (the app's own Item, removed before this), or expired at Plaid.
        if (plaidErrorOf(err)?.error_code === 'INVALID_PUBLIC_TOKEN') continue;
        return err;
      }
      // An item id belongs to one user; never record, or remove, someone else's.
      const known = await items.findItemByPlaidId(exchanged.item_id);
      if (known && known.user_id !== userId) continue;
      if (!known) {
        await items.insertItemIfNew({
          user_id: userId,
          item_id: exchanged.item_id,
          access_token_enc: encryptSecret(key, exchanged.access_token),
          institution_id: null,
          institution_name: null,
          created_at: now(),
          updated_at: now(),
        });
      }
      const row = await items.findItemByPlaidId(exchanged.item_id);
      if (!row) continue;
      await items.markRemoval(userId, [row.id], now());
      const { gone, failure } = await removeAtBank([row]);
      await units.run((trx) => items.deleteItems(userId, gone, trx));
      if (failure) return failure;
    }
    return undefined;
  }

  async function refreshAccounts(userId: number, item: ItemRow): Promise<void> {
    const res = await deps.plaid().accountsGet({ access_token: accessToken(item) });
    const accounts = res.data.accounts.map(toAccountInput).filter((a): a is AccountInput => a !== null);
    await items.upsertAccounts(userId, item.id, accounts);
  }

  /**
   * Fetches the item's recurring streams (/transactions/recurring/get, issue 28) for the accounts
   * chosen in Link and replaces the stored ones in one transaction (call inside `alone`, after a
   * sync). A failure is logged (its code only) and keeps the streams stored before: the sync it
   * follows has succeeded and stays so.
   */
  async function refreshStreams(userId: number, item: ItemRow): Promise<void> {
    const accountIds = new Set(
      (await items.listAccounts(userId)).filter((a) => a.item_row_id === item.id).map((a) => a.account_id),
    );
    if (accountIds.size === 0) return;
    let data;
    try {
      data = (
        await deps.plaid().transactionsRecurringGet({
          access_token: accessToken(item),
          account_ids: [...accountIds],
        })
      ).data;
    } catch (err) {
      const p = plaidErrorOf(err);
      deps.logger.warn('transactions/recurring/get failed after sync', {
        code: p?.error_code ?? (err as { response?: { status?: number } }).response?.status ?? 'unknown',
      });
      return;
    }
    const { streams, skipped } = toStreamInputs(data, accountIds);
    if (skipped) deps.logger.warn('recurring streams skipped', { skipped });
    await units.run((trx) => bills.replaceItemStreams(userId, item.id, streams, now(), trx));
  }

  /** Marks an item that needs the user to log in again and answers with a reconnect hint. */
  async function loginRequired(item: ItemRow): Promise<never> {
    await items.updateItem(item.id, { status: 'login_required', updated_at: now() });
    throw new HttpError(409, 'Your bank login has expired. Please reconnect your account.', {
      error_code: 'ITEM_LOGIN_REQUIRED',
      item_id: item.item_id,
      institution_name: item.institution_name,
    });
  }

  /**
   * Splits a page into rows to store and a count of rows skipped because the bank sent something
   * no rule allows; the log says how many and why, never what they held.
   */
  function checkedPage(data: { added: unknown[]; modified: unknown[]; removed: RemovedTransaction[] }) {
    const latest = dayAfterYears(deps.clock.now(), 1);
    const reasons: Record<string, number> = {};
    const keep = (list: unknown[]) =>
      list.flatMap((t) => {
        const row = toTxInput(t as Parameters<typeof toTxInput>[0], latest);
        if ('problem' in row) {
          reasons[row.problem] = (reasons[row.problem] ?? 0) + 1;
          return [];
        }
        return [row as TxInput];
      });
    const page = {
      added: keep(data.added),
      modified: keep(data.modified),
      removed: validRemovedIds(data.removed.map((r) => r.transaction_id)),
    };
    const skipped = Object.values(reasons).reduce((a, b) => a + b, 0);
    if (skipped) deps.logger.warn('sync skipped invalid bank rows', { skipped, reasons });
    return { page, skipped };
  }

  /**
   * Syncs one item from its stored cursor until has_more is false; each page commits alone,
   * together with the cursor it was read from moving on (compare-and-set). If a reset, a
   * disconnect or another sync changed the cursor meanwhile, the page is dropped and the sync
   * goes on from the cursor now stored (or stops, when the item is gone), so rows and cursor
   * always agree.
   */
  async function syncItem(userId: number, item: ItemRow): Promise<{ requestId?: string; skipped: number }> {
    // `stored` is the cursor in the database (what a page's compare-and-set expects); `cursor` is
    // what the bank is asked with. They differ only after the bank refused a stored cursor.
    let stored = item.cursor;
    let cursor = stored ?? undefined;
    let requestId: string | undefined;
    let skipped = 0;
    let restarts = 0;
    let refusedCursor = false;
    const removedLabels = new Map<string, string>();
    for (let pageNo = 0; pageNo < MAX_SYNC_PAGES; pageNo++) {
      let data;
      try {
        data = (
          await deps
            .plaid()
            .transactionsSync({ access_token: accessToken(item), cursor, count: SYNC_PAGE_SIZE })
        ).data;
      } catch (err) {
        const p = plaidErrorOf(err);
        if (p?.error_code === 'ITEM_LOGIN_REQUIRED') return loginRequired(item);
        if (p?.error_code === 'PRODUCT_NOT_READY') {
          throw new HttpError(503, 'Your bank data is not yet ready. Please try again in a moment.', {
            details: 'Transactions are not yet ready. Please try again in a moment.',
            error_code: 'PRODUCT_NOT_READY',
          });
        }
        if (p?.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') {
          // Plaid asks to restart the pagination from the last committed cursor; a bank that
          // keeps changing ends the sync with a clear answer instead of using up every page.
          if (++restarts > MAX_SYNC_RESTARTS) throw syncChanged();
          stored = (await items.findItemByPlaidId(item.item_id))?.cursor ?? null;
          cursor = stored ?? undefined;
          continue;
        }
        if (p?.error_code === 'INVALID_FIELD' && cursor !== undefined && !refusedCursor) {
          // The bank no longer accepts the stored cursor (e.g. one saved before the local
          // sandbox signed its cursors): fetch the history again from the start. Rows are
          // upserted on the bank's ids, so labels stay.
          refusedCursor = true;
          cursor = undefined;
          continue;
        }
        throw new HttpError(502, 'Failed to fetch transactions', {
          details: plaidDetails(err, 'The bank service is unavailable. Please try again later.'),
          ...(p ? { error_code: p.error_code } : {}),
        });
      }
      requestId = data.request_id;
      const { page, skipped: pageSkipped } = checkedPage(data);
      const from = stored;
      const committed = await units.run(async (trx) => {
        // The item row is locked first, by every bank operation, so they never deadlock.
        const moved = await items.advanceCursor(item.id, from, data.next_cursor, now(), trx);
        if (moved) await txs.applySyncPage(userId, item.id, page, now(), trx, removedLabels);
        return moved;
      });
      if (!committed) {
        const fresh = await items.findItemByPlaidId(item.item_id);
        if (!fresh || fresh.user_id !== userId) return { requestId, skipped };
        if (++restarts > MAX_SYNC_RESTARTS) throw syncChanged();
        stored = fresh.cursor;
        cursor = stored ?? undefined;
        removedLabels.clear();
        continue;
      }
      skipped += pageSkipped;
      stored = data.next_cursor;
      cursor = data.next_cursor;
      if (!data.has_more) break;
    }
    return { requestId, skipped };
  }

  /**
   * Syncs every item of the user (call inside `alone`). An item that needs its user to log in again
   * is skipped and reported, so the others still sync; when none could, its 409 is thrown.
   */
  async function syncEveryItem(userId: number) {
    const list = await items.listItems(userId);
    if (list.length === 0) throw notFound('No bank account is connected');
    let requestId: string | undefined;
    let skipped = 0;
    const needReconnect: { item_id: string; institution_name: string | null }[] = [];
    let lastLoginError: HttpError | undefined;
    for (const item of list) {
      try {
        const result = await syncItem(userId, item);
        requestId = result.requestId ?? requestId;
        skipped += result.skipped;
      } catch (err) {
        if (err instanceof HttpError && err.extra?.error_code === 'ITEM_LOGIN_REQUIRED') {
          needReconnect.push({ item_id: item.item_id, institution_name: item.institution_name });
          lastLoginError = err;
          continue;
        }
        throw err;
      }
      try {
        await refreshAccounts(userId, item);
      } catch (err) {
        deps.logger.warn('accounts/get failed after sync', { code: plaidErrorOf(err)?.error_code });
      }
      try {
        await refreshStreams(userId, item);
      } catch (err) {
        deps.logger.warn('storing recurring streams failed', { error: (err as Error).name });
      }
    }
    if (lastLoginError && needReconnect.length === list.length) throw lastLoginError;
    return { requestId, skipped, needReconnect };
  }

  return {
    async createLinkToken(userId: number, itemId?: string) {
      let access: string | undefined;
      if (itemId) {
        const item = await items.getItem(userId, itemId);
        if (!item) throw notFound('Bank connection not found');
        access = accessToken(item);
      }
      const webhook = deps.webhookUrl?.();
      try {
        const res = await deps.plaid().linkTokenCreate({
          user: { client_user_id: clientUserId(userId) },
          ...(webhook ? { webhook } : {}),
          client_name: 'Budget Quest',
          language: 'en',
          country_codes: ['US' as CountryCode.Us],
          ...(access ? { access_token: access } : { products: ['transactions' as Products.Transactions] }),
        });
        // Recorded so that deleting the account can find what its Link sessions left at Plaid.
        const t = now();
        const expires = Date.parse(res.data.expiration);
        await linkTokens.pruneOfUser(userId, t - PUBLIC_TOKEN_TTL_MS);
        await linkTokens.record(
          userId,
          encryptSecret(key, res.data.link_token),
          t,
          Number.isFinite(expires) ? expires : t + LINK_TOKEN_TTL_MS,
        );
        return {
          link_token: res.data.link_token,
          expiration: res.data.expiration,
          link_script_url: linkScriptUrl(deps.config),
          mode: access ? 'update' : 'create',
        };
      } catch (err) {
        throw new HttpError(502, 'Failed to create Plaid link token. Please try again.', {
          details: plaidDetails(err, 'The bank service is unavailable. Please try again later.'),
        });
      }
    },

    exchangePublicToken(userId: number, publicToken: string) {
      return alone(userId, async () => {
        let exchanged;
        try {
          exchanged = (await deps.plaid().itemPublicTokenExchange({ public_token: publicToken })).data;
        } catch (err) {
          const p = plaidErrorOf(err);
          throw new HttpError(
            p?.error_code === 'INVALID_PUBLIC_TOKEN' ? 400 : 502,
            'Failed to exchange public token. Please try again.',
            {
              details: plaidDetails(err, 'The bank service is unavailable. Please try again later.'),
            },
          );
        }
        const existing = await items.findItemByPlaidId(exchanged.item_id);
        if (existing && existing.user_id !== userId) {
          // An item id belongs to exactly one user; never attach someone else's item.
          throw new HttpError(409, 'This bank connection belongs to another account.');
        }
        let institutionId: string | null = null;
        let institutionName: string | null = null;
        try {
          const item = (await deps.plaid().itemGet({ access_token: exchanged.access_token })).data.item;
          institutionId = item.institution_id ?? null;
          institutionName = item.institution_name ?? null;
        } catch (err) {
          deps.logger.warn('item/get failed after exchange', { code: plaidErrorOf(err)?.error_code });
        }
        const t = now();
        const enc = encryptSecret(key, exchanged.access_token);
        let row: ItemRow;
        if (existing) {
          await items.updateItem(existing.id, { access_token_enc: enc, status: 'ok', updated_at: t });
          row = { ...existing, access_token_enc: enc, status: 'ok' };
        } else {
          // Two exchanges of one item may race here; the second insert does nothing and both
          // go on with the one stored row.
          await items.insertItemIfNew({
            user_id: userId,
            item_id: exchanged.item_id,
            access_token_enc: enc,
            institution_id: institutionId,
            institution_name: institutionName,
            created_at: t,
            updated_at: t,
          });
          const stored = await items.findItemByPlaidId(exchanged.item_id);
          if (!stored || stored.user_id !== userId)
            throw new HttpError(409, 'This bank connection belongs to another account.');
          row = stored;
        }
        try {
          await refreshAccounts(userId, row);
        } catch (err) {
          const code = plaidErrorOf(err)?.error_code;
          if (code === 'ITEM_LOGIN_REQUIRED')
            await items.updateItem(row.id, { status: 'login_required', updated_at: now() });
          deps.logger.warn('accounts/get failed after exchange', { code });
        }
        const accounts = (await items.listAccounts(userId)).length;
        // The referee: +25 for an institution new to this account, Account Master once.
        const institutionKey = institutionId ?? `item:${exchanged.item_id}`;
        const paid = await units.run((trx) =>
          progress.within(userId, trx, async (state, ctx) => {
            const isNew = await facts.linkInstitution(userId, institutionKey, ctx.now, trx);
            const applied = institutionLinked(state, isNew);
            recordHistory(state, ctx.now, applied);
            return applied;
          }),
        );
        return {
          item_id: exchanged.item_id,
          institution_name: institutionName,
          accounts,
          request_id: exchanged.request_id,
          reward: notice(paid.value),
          progress: paid.state,
        };
      });
    },

    /** Marks an item usable again after Link's update mode. */
    itemReconnected(userId: number, itemId: string) {
      return alone(userId, async () => {
        const item = await items.getItem(userId, itemId);
        if (!item) throw notFound('Bank connection not found');
        await items.updateItem(item.id, { status: 'ok', updated_at: now() });
        return { item_id: item.item_id, status: 'ok' as const };
      });
    },

    /**
     * Syncs every item. An item that needs the user to log in again is skipped and reported
     * (`items_needing_reconnect`) so the others still sync; when no item could sync, the
     * ITEM_LOGIN_REQUIRED answer (409) is returned instead.
     */
    fetchTransactions(userId: number) {
      return alone(userId, async () => {
        const { requestId, skipped, needReconnect } = await syncEveryItem(userId);
        // The referee: 'Refresh Data' once a day; the 24-hour quests are checked on the new data.
        const paid = await progress.alone(userId, (state, ctx) => bankRefreshed(state, ctx.now));
        const rows = await txs.list(userId);
        return {
          reward: notice(paid.value),
          progress: paid.state,
          quest_outcomes: paid.questOutcomes,
          transactions: rows.map(toApiTransaction),
          total_transactions: rows.length,
          request_id: requestId ?? null,
          items_needing_reconnect: needReconnect,
          skipped_transactions: skipped,
        };
      });
    },

    /**
     * A verified webhook said the bank has new data for one of the user's items: the same sync as
     * 'Refresh Data', under the same per-user lock, paying nothing (the user did nothing). Open
     * pages hear of the new rows through the live bus (the sync bumps the data version).
     */
    syncForWebhook(userId: number): Promise<void> {
      return alone(userId, async () => {
        await syncEveryItem(userId);
      });
    },

    /**
     * A verified RECURRING_TRANSACTIONS_UPDATE (issue 28): fetches the recurring streams of every
     * item of the user again, under the same per-user lock, without syncing the rows (they did not
     * change) and paying nothing. A failing item keeps its streams.
     */
    refreshStreamsForWebhook(userId: number): Promise<void> {
      return alone(userId, async () => {
        for (const item of await items.listItems(userId)) {
          try {
            await refreshStreams(userId, item);
          } catch (err) {
            deps.logger.warn('storing recurring streams failed', { error: (err as Error).name });
          }
        }
      });
    },

    /** The user of a Plaid item id, with the item's row id (webhooks name items only). */
    async itemOwner(plaidItemId: string): Promise<{ userId: number; itemRowId: number } | null> {
      const row = await items.findItemByPlaidId(plaidItemId);
      return row && row.removal_started_at === null ? { userId: row.user_id, itemRowId: row.id } : null;
    },

    /** A webhook said the item needs its user to log in again, or works again. */
    async setItemStatus(userId: number, itemRowId: number, status: ItemRow['status']): Promise<void> {
      await items.setItemStatus(userId, itemRowId, status, now());
    },

    async listTransactions(userId: number) {
      return (await txs.list(userId)).map(toApiTransaction);
    },

    /**
     * The user's accounts. An item whose accounts could not be read yet (its login expired right
     * away) is listed as one entry for the connection, so it can still be reconnected or removed.
     */
    async listAccounts(userId: number) {
      const [rows, itemRows] = await Promise.all([items.listAccounts(userId), items.listItems(userId)]);
      // Accounts made by statement imports (issue 29) are listed too, marked `source: 'import'`.
      // Nothing linked or imported is a normal state: an empty list (DECISIONS.md), not a 404.
      if (itemRows.length === 0 && rows.length === 0) return [];
      const byRow = new Map(itemRows.map((i) => [i.id, i]));
      const accounts = rows.map((a) => ({
        ...accountFields(a),
        institutionName: a.institution_name ?? a.imported_from ?? null,
        itemId: (a.item_row_id !== null && byRow.get(a.item_row_id)?.item_id) || null,
        needsReconnect: a.item_row_id !== null && byRow.get(a.item_row_id)?.status === 'login_required',
      }));
      const withAccounts = new Set(rows.map((a) => a.item_row_id));
      for (const i of itemRows) {
        if (withAccounts.has(i.id)) continue;
        accounts.push({
          id: i.item_id,
          name: i.institution_name ?? 'Bank connection',
          officialName: null,
          mask: null,
          type: 'connection',
          subtype: null,
          institutionName: i.institution_name,
          source: 'plaid',
          currentBalance: null,
          availableBalance: null,
          itemId: i.item_id,
          needsReconnect: i.status === 'login_required',
        });
      }
      return accounts;
    },

    resetTransactions(userId: number) {
      return alone(userId, async () => {
        let deleted = 0;
        await units.run(async (trx) => {
          // Items first, as a sync does, so the two never wait on each other in opposite order.
          await items.resetCursors(userId, now(), trx);
          deleted = await txs.deleteAll(userId, trx);
          await bills.clearForReset(userId, trx);
        });
        return { success: true, deleted };
      });
    },

    /**
     * Removes every item at Plaid, then deletes the items (accounts and transactions cascade).
     * The items are marked first, so a crash in between leaves them marked for the next bank
     * operation to finish. An item Plaid no longer knows counts as removed; any other failure
     * deletes only what Plaid already removed and keeps the rest as it was.
     */
    /**
     * Removes at Plaid what the user's Link sessions left there (an Item whose public token was
     * never exchanged), link token by link token, forgetting each token once it is done; a bank
     * failure answers 502 and keeps the rest for the next attempt. Account deletion runs this
     * after removeAllItems, before any row goes.
     */
    removeLinkLeftovers(userId: number) {
      return alone(userId, async () => {
        for (const record of await linkTokens.listOfUser(userId)) {
          const failure = await removeLeftoversOf(userId, decryptSecret(key, record.link_token_enc));
          if (failure) {
            throw new HttpError(502, 'Failed to disconnect bank account. Please try again.', {
              details: plaidDetails(failure, 'The bank service is unavailable. Please try again later.'),
            });
          }
          await linkTokens.delete(userId, record.id);
        }
      });
    },

    removeAllItems(userId: number) {
      return alone(userId, async () => {
        const list = await items.listAllItems(userId);
        const ids = list.map((i) => i.id);
        await items.markRemoval(userId, ids, now());
        const { gone, failure } = await removeAtBank(list);
        const removed = await units.run((trx) => items.deleteItems(userId, gone, trx));
        if (failure) {
          await items.markRemoval(
            userId,
            ids.filter((id) => !gone.includes(id)),
            null,
          );
          throw new HttpError(502, 'Failed to disconnect bank account. Please try again.', {
            details: plaidDetails(failure, 'The bank service is unavailable. Please try again later.'),
          });
        }
        return { success: true, removed_items: removed };
      });
    },
  };
}
export type BankService = ReturnType<typeof bankService>;
