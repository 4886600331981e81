// The Plaid API endpoints the sandbox speaks. Every response is typed with the SDK's own
// types, so the compiler holds it to Plaid's shapes (tests also validate against the OpenAPI).
import { Router } from 'express';
import {
  ItemUpdateTypeEnum,
  ItemWithConsentFieldsUpdateTypeEnum,
  PersonalFinanceCategoryVersion,
  Products,
  TransactionsUpdateStatus,
  type AccountsGetResponse,
  type Item,
  type ItemGetResponse,
  type ItemPublicTokenExchangeResponse,
  type ItemRemoveResponse,
  type LinkTokenCreateResponse,
  type LinkTokenGetResponse,
  type LinkTokenGetSessionsResponse,
  type CountryCode,
  type SandboxItemResetLoginResponse,
  type SandboxPublicTokenCreateResponse,
  type SandboxTransactionsCreateResponse,
  type TransactionsRecurringGetResponse,
  type TransactionsRefreshResponse,
  type TransactionsSyncResponse,
  type SandboxItemFireWebhookResponse,
  type WebhookVerificationKeyGetResponse,
} from 'plaid';
import type { ApiKeys } from './api-keys';
import { invalidField, missingFields, newRequestId, plaidError } from './errors';
import { newItemId, newToken } from './ids';
import { hold, TIMEOUT_HOLD_MS } from './faults';
import { findInstitution } from './institutions';
import { checkCredentials, LINK_TOKEN_TTL, requireInstitution, type SandboxContext } from './items';
import { parseBody, schemas, type WebhookCode } from './requests';
import type { WebhookBody } from './webhooks';
import type { ItemRow, LinkSessionRow } from './store';
import { changedAccounts, type DetectedStreams } from './recurring';
import { currentTransactions, itemAccounts, itemStreams, syncTransactions } from './sync';

/** Custom transactions one Item may collect through /sandbox/transactions/create. */
export const MAX_CUSTOM_TRANSACTIONS_PER_ITEM = 500;

const PRODUCTS = new Set<string>(Object.values(Products));
const isProduct = (p: string): p is Products => PRODUCTS.has(p);

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function itemObject(item: ItemRow, requestId: string): Item {
  const billed = item.products.filter(isProduct);
  return {
    item_id: item.item_id,
    institution_id: item.institution_id,
    institution_name: findInstitution(item.institution_id)?.name ?? null,
    webhook: item.webhook,
    auth_method: null,
    error: item.login_required ? plaidError('ITEM_LOGIN_REQUIRED').toBody(requestId) : null,
    available_products: [Products.Balance, Products.Auth, Products.Identity].filter(
      (p) => !billed.includes(p),
    ),
    billed_products: billed,
    products: billed,
    consented_products: billed,
    consent_expiration_time: null,
    update_type: ItemUpdateTypeEnum.Background,
  };
}

function linkSession(s: LinkSessionRow): LinkTokenGetSessionsResponse {
  const institution = s.institution_id ? findInstitution(s.institution_id) : undefined;
  return {
    link_session_id: s.link_session_id,
    started_at: iso(s.started_at),
    finished_at: s.finished_at === null ? null : iso(s.finished_at),
    results: s.public_token
      ? {
          item_add_results: [
            {
              public_token: s.public_token,
              // Plaid documents no null subtype here: an account without one leaves it out.
              accounts: (s.accounts ?? []).map(({ subtype, ...a }) => (subtype ? { ...a, subtype } : a)),
              institution: institution
                ? { name: institution.name, institution_id: institution.institution_id }
                : null,
            },
          ],
          cra_item_add_results: [],
          cra_update_results: [],
          bank_income_results: [],
          payroll_income_results: [],
          document_income_results: null,
        }
      : null,
  };
}

/** The body Plaid sends for `code` about `item`. */
function webhookBody(code: WebhookCode, item: ItemRow, requestId: string): WebhookBody {
  const item_id = item.item_id;
  switch (code) {
    case 'SYNC_UPDATES_AVAILABLE':
      return {
        webhook_type: 'TRANSACTIONS',
        webhook_code: code,
        item_id,
        initial_update_complete: true,
        historical_update_complete: true,
      };
    case 'DEFAULT_UPDATE':
      return { webhook_type: 'TRANSACTIONS', webhook_code: code, item_id, new_transactions: 0, error: null };
    case 'ERROR':
      return {
        webhook_type: 'ITEM',
        webhook_code: code,
        item_id,
        error: plaidError('ITEM_LOGIN_REQUIRED').toBody(requestId),
      };
    case 'USER_PERMISSION_REVOKED':
      return {
        webhook_type: 'ITEM',
        webhook_code: code,
        item_id,
        error: plaidError('ITEM_LOGIN_REQUIRED').toBody(requestId),
      };
    case 'PENDING_DISCONNECT':
      return { webhook_type: 'ITEM', webhook_code: code, item_id, reason: 'INSTITUTION_MIGRATION' };
    case 'RECURRING_TRANSACTIONS_UPDATE':
      return recurringWebhook(
        item,
        itemAccounts(item).map((a) => a.account_id),
      );
    default:
      return { webhook_type: 'ITEM', webhook_code: code, item_id, error: null };
  }
}

/** RECURRING_TRANSACTIONS_UPDATE: the accounts whose streams are new or changed. */
const recurringWebhook = (item: ItemRow, accountIds: string[]): WebhookBody => ({
  webhook_type: 'TRANSACTIONS',
  webhook_code: 'RECURRING_TRANSACTIONS_UPDATE',
  item_id: item.item_id,
  account_ids: accountIds,
});

export function apiRoutes(ctx: SandboxContext, keys: ApiKeys): Router {
  const { store, items, clock } = ctx;
  const r = Router();
  const now = () => clock.now().getTime();

  /**
   * Registers a Plaid endpoint: keys checked, a request_id given, errors left to the router.
   * `left` aborts when the caller goes away before the answer (a timed-out client).
   */
  function endpoint<T>(
    path: string,
    handler: (body: unknown, requestId: string, left: AbortSignal) => Promise<T>,
  ) {
    r.post(path, async (req, res) => {
      const requestId = newRequestId();
      res.locals.requestId = requestId;
      keys.require(req);
      const left = new AbortController();
      res.once('close', () => left.abort());
      const answer = await handler(req.body, requestId, left.signal);
      if (!res.writableEnded && !left.signal.aborted) res.json(answer);
    });
  }

  /** The Item behind an access token, refusing while it needs its user to log in again. */
  async function healthyItem(accessToken: string): Promise<ItemRow> {
    const item = await items.itemForAccessToken(accessToken);
    if (item.login_required) throw plaidError('ITEM_LOGIN_REQUIRED');
    return item;
  }

  endpoint('/link/token/create', async (body, request_id): Promise<LinkTokenCreateResponse> => {
    const b = parseBody(schemas.linkTokenCreate, body);
    const update = b.access_token ? await items.itemForAccessToken(b.access_token) : null;
    if (!update && !b.products?.length) throw missingFields(['products']);
    const t = now();
    await items.purgeExpired(t);
    const link_token = newToken('link');
    await store.insertLinkToken({
      link_token,
      client_user_id: b.user.client_user_id,
      client_name: b.client_name,
      products: b.products ?? [],
      country_codes: b.country_codes,
      language: b.language,
      webhook: b.webhook ?? null,
      redirect_uri: b.redirect_uri ?? null,
      item_id: update?.item_id ?? null,
      link_session_id: null,
      pending_item_id: null,
      pending_institution_id: null,
      oauth_state_id: null,
      created_at: t,
      expires_at: t + LINK_TOKEN_TTL,
    });
    return { link_token, expiration: iso(t + LINK_TOKEN_TTL), request_id };
  });

  /**
   * A link token's settings and its Link sessions with what each produced (the public token
   * handed to onSuccess), as long as the sandbox keeps the token: until it expires, or until the
   * Item its sessions made is removed.
   */
  endpoint('/link/token/get', async (body, request_id): Promise<LinkTokenGetResponse> => {
    const b = parseBody(schemas.linkTokenGet, body);
    const link = await store.getLinkToken(b.link_token);
    if (!link) throw plaidError('INVALID_LINK_TOKEN');
    const sessions = await store.listLinkSessions(link.link_token);
    return {
      link_token: link.link_token,
      created_at: iso(link.created_at),
      expiration: iso(link.expires_at),
      link_sessions: sessions.map(linkSession),
      metadata: {
        initial_products: link.products.filter(isProduct),
        webhook: link.webhook,
        country_codes: link.country_codes as CountryCode[],
        language: link.language,
        redirect_uri: link.redirect_uri,
        client_name: link.client_name,
      },
      request_id,
    };
  });

  endpoint(
    '/item/public_token/exchange',
    async (body, request_id): Promise<ItemPublicTokenExchangeResponse> => {
      const b = parseBody(schemas.publicTokenExchange, body);
      const item = await items.exchange(b.public_token, now());
      return { access_token: items.accessTokenFor(item.item_id), item_id: item.item_id, request_id };
    },
  );

  endpoint('/item/get', async (body, request_id): Promise<ItemGetResponse> => {
    const item = await items.itemForAccessToken(parseBody(schemas.accessToken, body).access_token);
    return {
      item: {
        ...itemObject(item, request_id),
        update_type: ItemWithConsentFieldsUpdateTypeEnum.Background,
        created_at: iso(item.created_at),
      },
      status: {
        transactions: {
          last_successful_update: item.exchanged_at ? iso(item.exchanged_at) : null,
          last_failed_update: null,
        },
        last_webhook: null,
      },
      request_id,
    };
  });

  endpoint('/item/remove', async (body, request_id): Promise<ItemRemoveResponse> => {
    const item = await items.itemForAccessToken(parseBody(schemas.accessToken, body).access_token);
    await store.deleteItem(item.item_id);
    await items.purgeExpired(now());
    return { request_id };
  });

  /** Right after an exchange Plaid is still pulling history: clients must retry. */
  function requireReady(item: ItemRow) {
    if (item.exchanged_at === null || now() < item.exchanged_at + ctx.notReadyMs)
      throw plaidError('PRODUCT_NOT_READY');
  }

  /** The Item's streams as of now (all its chosen accounts). */
  async function streamsNow(item: ItemRow): Promise<DetectedStreams> {
    const t = now();
    return itemStreams(item, await currentTransactions(store, item, t), t);
  }

  /** Tells the Item's webhook about accounts whose streams changed, if any did. */
  function announceStreams(item: ItemRow, changed: string[]) {
    if (changed.length) ctx.webhooks.fire(item, recurringWebhook(item, changed));
  }

  endpoint('/accounts/get', async (body, request_id): Promise<AccountsGetResponse> => {
    const b = parseBody(schemas.accountsGet, body);
    const item = await healthyItem(b.access_token);
    let accounts = itemAccounts(item);
    const wanted = b.options?.account_ids;
    if (wanted) {
      if (wanted.some((id) => !accounts.some((a) => a.account_id === id)))
        throw plaidError('INVALID_ACCOUNT_ID');
      accounts = accounts.filter((a) => wanted.includes(a.account_id));
    }
    return { accounts, item: itemObject(item, request_id), request_id };
  });

  endpoint('/transactions/sync', async (body, request_id, left): Promise<TransactionsSyncResponse> => {
    const b = parseBody(schemas.transactionsSync, body);
    const item = await healthyItem(b.access_token);
    requireReady(item);
    const laterPage = Boolean(b.cursor && ctx.cursors.decode(b.cursor, item.item_id).to);
    const fault = ctx.faults.take(item.item_id, laterPage);
    if (fault === 'TIMEOUT') {
      await hold(TIMEOUT_HOLD_MS, left);
      throw plaidError('INTERNAL_SERVER_ERROR');
    }
    if (fault) throw plaidError(fault);
    const { page, recurringChanged } = await syncTransactions(
      store,
      ctx.cursors,
      item,
      b.cursor ?? undefined,
      b.count ?? 100,
      now(),
      b.options?.include_original_description === true,
      Boolean(item.webhook),
    );
    announceStreams(item, recurringChanged);
    return {
      ...page,
      accounts: itemAccounts(item),
      transactions_update_status: TransactionsUpdateStatus.HistoricalUpdateComplete,
      request_id,
    };
  });

  /**
   * The Item's recurring streams (recurring.ts), detected from its transactions as they are now
   * (generated history, the data version, custom rows), on the accounts asked for.
   */
  endpoint(
    '/transactions/recurring/get',
    async (body, request_id): Promise<TransactionsRecurringGetResponse> => {
      const b = parseBody(schemas.transactionsRecurringGet, body);
      const item = await healthyItem(b.access_token);
      requireReady(item);
      let accounts = itemAccounts(item);
      const wanted = b.account_ids;
      if (wanted?.length) {
        if (wanted.some((id) => !accounts.some((a) => a.account_id === id)))
          throw plaidError('INVALID_ACCOUNT_ID');
        accounts = accounts.filter((a) => wanted.includes(a.account_id));
      }
      const t = now();
      const streams = itemStreams(item, await currentTransactions(store, item, t), t, accounts);
      return {
        inflow_streams: streams.inflow,
        outflow_streams: streams.outflow,
        updated_datetime: iso(t),
        // The sandbox's categories are Plaid's v1 taxonomy, whatever the request asks for.
        personal_finance_category_version: PersonalFinanceCategoryVersion.V1,
        request_id,
      };
    },
  );

  endpoint('/transactions/refresh', async (body, request_id): Promise<TransactionsRefreshResponse> => {
    // Generated data is always current, so there is nothing to fetch; the checks still apply.
    await healthyItem(parseBody(schemas.accessToken, body).access_token);
    return { request_id };
  });

  endpoint(
    '/sandbox/public_token/create',
    async (body, request_id): Promise<SandboxPublicTokenCreateResponse> => {
      const b = parseBody(schemas.sandboxPublicTokenCreate, body);
      const institution = requireInstitution(b.institution_id);
      const { loginRequired } = checkCredentials(
        b.options?.override_username ?? 'user_good',
        b.options?.override_password ?? 'pass_good',
      );
      const t = now();
      const item = await items.createItem(
        {
          institutionId: institution.institution_id,
          products: b.initial_products,
          clientUserId: null,
          accountIds: null,
          webhook: b.options?.webhook ?? null,
          loginRequired,
        },
        t,
        'sandbox-api',
      );
      return { public_token: await items.issuePublicToken(item.item_id, t), request_id };
    },
  );

  endpoint(
    '/sandbox/transactions/create',
    async (body, request_id): Promise<SandboxTransactionsCreateResponse> => {
      const t = now();
      const b = parseBody(schemas.sandboxTransactionsCreate(t), body);
      const item = await items.itemForAccessToken(b.access_token);
      const stored = await store.countCustomTransactions(item.item_id);
      if (stored + b.transactions.length > MAX_CUSTOM_TRANSACTIONS_PER_ITEM)
        throw invalidField(
          `transactions would take this Item past ${MAX_CUSTOM_TRANSACTIONS_PER_ITEM} custom transactions (it has ${stored})`,
        );
      const streamsBefore = item.webhook ? await streamsNow(item) : null;
      await store.insertCustomTransactions(
        b.transactions.map((tx) => ({
          item_id: item.item_id,
          transaction_id: newItemId(),
          date_transacted: tx.date_transacted,
          date_posted: tx.date_posted,
          amount_cents: Math.round(tx.amount * 100),
          description: tx.description,
          iso_currency_code: tx.iso_currency_code ?? 'USD',
          created_at: t,
        })),
      );
      // New data for the Item: Plaid tells the app so with SYNC_UPDATES_AVAILABLE, and with
      // RECURRING_TRANSACTIONS_UPDATE when the rows changed its streams.
      ctx.webhooks.fire(item, webhookBody('SYNC_UPDATES_AVAILABLE', item, request_id));
      if (streamsBefore) announceStreams(item, changedAccounts(streamsBefore, await streamsNow(item)));
      return { request_id };
    },
  );

  // The sandbox's own switch (not Plaid's): the Item's next syncs fail as asked (faults.ts).
  // ITEM_LOGIN_REQUIRED is the Item's state, as /sandbox/item/reset_login sets it.
  endpoint('/sandbox/item/set_fault', async (body, request_id) => {
    const b = parseBody(schemas.sandboxSetFault, body);
    const item = await items.itemForAccessToken(b.access_token);
    if (b.fault === 'ITEM_LOGIN_REQUIRED') await store.updateItem(item.item_id, { login_required: true });
    else ctx.faults.set(item.item_id, b.fault, b.count ?? 1);
    return { fault: b.fault, count: b.fault ? (b.count ?? 1) : 0, request_id };
  });

  endpoint('/sandbox/item/reset_login', async (body, request_id): Promise<SandboxItemResetLoginResponse> => {
    const item = await items.itemForAccessToken(parseBody(schemas.accessToken, body).access_token);
    await store.updateItem(item.item_id, { login_required: true });
    ctx.webhooks.fire(item, webhookBody('ERROR', item, request_id));
    return { reset_login: true, request_id };
  });

  endpoint(
    '/sandbox/item/fire_webhook',
    async (body, request_id): Promise<SandboxItemFireWebhookResponse> => {
      const b = parseBody(schemas.sandboxFireWebhook, body);
      const item = await items.itemForAccessToken(b.access_token);
      const webhook = webhookBody(b.webhook_code, item, request_id);
      if (b.webhook_type && b.webhook_type !== webhook.webhook_type)
        throw invalidField(`webhook_type ${b.webhook_type} does not send ${b.webhook_code}`);
      if (!ctx.webhooks.fire(item, webhook))
        throw invalidField('the Item has no webhook URL the sandbox may deliver to');
      return { webhook_fired: true, request_id };
    },
  );

  endpoint(
    '/webhook_verification_key/get',
    async (body, request_id): Promise<WebhookVerificationKeyGetResponse> => {
      const b = parseBody(schemas.webhookVerificationKeyGet, body);
      const key = await ctx.webhookKeys.publicKey(b.key_id);
      if (!key) throw invalidField('key_id is not a known webhook verification key');
      return { key, request_id };
    },
  );

  // The sandbox's own (not Plaid's): retires the current webhook key and signs with a new one.
  endpoint('/sandbox/webhook_key/rotate', async (_body, request_id) => {
    return { key_id: await ctx.webhookKeys.rotate(), request_id };
  });

  return r;
}
