// Connects a bank through Plaid Link: link token, Link script, exchange, a 2 s pause, then a
// transaction refresh (with the not-yet-ready retries), +25 XP, and Account Master the first time.
import { useCallback } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { ApiError } from '@/lib/api-client';
import { bankApi } from '@/lib/bank-api';
import { emit } from '@/lib/events';
import { awardXp, unlockAccountMaster } from '@/lib/session';
import { CONNECT_BANK_XP } from '@/domain/xp';
import { loadLinkScript, type PlaidLinkHandler } from './plaid-link-script';
import { expiredLoginItemId, LINK_MESSAGES, linkExitMessage, linkStepMessage } from './link-errors';
import { expiredItemIdAtom, linkStateAtom } from './link-state';

export const POST_EXCHANGE_WAIT_MS = 2000;
/** Link's OAuth return must resume with the token of the session it left (kept per tab). */
const LINK_TOKEN_SESSION_KEY = 'plaid_link_token';
const LINK_SCRIPT_SESSION_KEY = 'plaid_link_script';

/** Whether this tab left a Link session for a bank's OAuth page that a redirect can resume. */
export function hasPendingLinkSession(): boolean {
  try {
    return sessionStorage.getItem(LINK_TOKEN_SESSION_KEY) !== null;
  } catch {
    return false;
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let active: PlaidLinkHandler | null = null;

export interface OpenLinkOptions {
  /** Reconnect this item in Link's update mode (keeps its data). */
  itemId?: string;
  /** The URL the app was opened with after an OAuth bank redirect. */
  receivedRedirectUri?: string;
  onConnected?: () => void;
}

export function useBankLink() {
  const [state, setState] = useAtom(linkStateAtom);
  const setExpiredItem = useSetAtom(expiredItemIdAtom);
  const fail = useCallback((error: string) => setState({ phase: 'idle', error }), [setState]);

  const open = useCallback(
    async (opts: OpenLinkOptions = {}) => {
      setState({ phase: 'starting', error: null });
      let token: string;
      let scriptUrl: string;
      let update = false;
      const resumed = opts.receivedRedirectUri ? sessionStorage.getItem(LINK_TOKEN_SESSION_KEY) : null;
      try {
        if (resumed) {
          token = resumed;
          scriptUrl = sessionStorage.getItem(LINK_SCRIPT_SESSION_KEY) ?? '/plaid-sandbox/link-initialize.js';
        } else {
          const res = await bankApi.createLinkToken(opts.itemId);
          token = res.link_token;
          scriptUrl = res.link_script_url ?? '/plaid-sandbox/link-initialize.js';
          update = res.mode === 'update';
          sessionStorage.setItem(LINK_TOKEN_SESSION_KEY, token);
          sessionStorage.setItem(LINK_SCRIPT_SESSION_KEY, scriptUrl);
        }
      } catch (err) {
        return fail(err instanceof Error ? err.message : LINK_MESSAGES.unexpected);
      }
      try {
        await loadLinkScript(scriptUrl);
        active?.destroy();
        active = window.Plaid!.create({
          token,
          receivedRedirectUri: opts.receivedRedirectUri,
          onSuccess: (publicToken) => {
            void (async () => {
              try {
                setState({ phase: 'processing', error: null });
                sessionStorage.removeItem(LINK_TOKEN_SESSION_KEY);
                if (update && opts.itemId) await bankApi.itemReconnected(opts.itemId);
                else await bankApi.exchangeToken(publicToken);
                setState({ phase: 'retrieving', error: null });
                await sleep(POST_EXCHANGE_WAIT_MS);
                const synced = await bankApi.fetchTransactions();
                if (!update) {
                  awardXp(CONNECT_BANK_XP);
                  unlockAccountMaster();
                } else if (unlockAccountMaster()) {
                  // The first connection only completed now, after its login was renewed.
                  awardXp(CONNECT_BANK_XP);
                }
                const stillExpired = synced.items_needing_reconnect?.[0]?.item_id ?? null;
                setExpiredItem(stillExpired);
                emit('transactionsUpdated', undefined);
                setState({ phase: 'done', error: stillExpired ? LINK_MESSAGES.ITEM_LOGIN_REQUIRED : null });
                opts.onConnected?.();
              } catch (err) {
                const body = err instanceof ApiError ? err.body : null;
                const code = typeof body?.error_code === 'string' ? body.error_code : undefined;
                fail(linkStepMessage(err instanceof Error ? err.message : undefined, code));
                const expired = expiredLoginItemId(body);
                if (expired) setExpiredItem(expired);
                // The item may be linked even though a later step failed (e.g. its login expired
                // on the first sync): reload the lists so the account and its Reconnect show.
                emit('transactionsUpdated', undefined);
              }
            })();
          },
          onExit: (error) => {
            if (error) fail(linkExitMessage(error));
            else setState((s) => (s.phase === 'open' ? { phase: 'idle', error: null } : s));
          },
        });
        active.open();
        setState({ phase: 'open', error: null });
      } catch {
        fail(LINK_MESSAGES.init);
      }
    },
    [setState, setExpiredItem, fail],
  );

  const dismissError = useCallback(() => setState((s) => ({ ...s, error: null })), [setState]);
  const busy = state.phase !== 'idle' && state.phase !== 'done';
  return { open, state, busy, dismissError };
}
