// Connects a bank through Plaid Link: link token, Link script, exchange, a 2 s pause, then the
// bank module's one sync (syncBank: not-yet-ready retries, rewards, expired login, reload of the
// bank lists). Plain functions on the app store, so a redirect can resume Link outside React.
import { ApiError } from '@/lib/api-client';
import { appStore } from '@/lib/store';
import { bankApi } from '../api';
import { invalidateAfter } from '../queries';
import { syncBank } from '../sync';
import { loadLinkScript, type PlaidLinkHandler } from './plaid-link-script';
import { expiredLoginItemId, LINK_MESSAGES, linkExitMessage, linkStepMessage } from './link-errors';
import { expiredItemIdAtom, linkStateAtom, type LinkState } from './link-state';
import { LINK_SCRIPT_SESSION_KEY, LINK_TOKEN_SESSION_KEY } from './link-session';

const POST_EXCHANGE_WAIT_MS = 2000;
const DEFAULT_SCRIPT_URL = '/plaid-sandbox/link-initialize.js';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let active: PlaidLinkHandler | null = null;

export interface OpenLinkOptions {
  /** Reconnect this item in Link's update mode (keeps its data). */
  itemId?: string;
  /** The URL the app was opened with after an OAuth bank redirect. */
  receivedRedirectUri?: string;
  onConnected?: () => void;
}

const setState = (s: LinkState) => appStore.set(linkStateAtom, s);
const fail = (error: string) => setState({ phase: 'idle', error });

/** The link token and script to open Link with: the resumed session's, or a new one. */
async function linkSession(opts: OpenLinkOptions) {
  const resumed = opts.receivedRedirectUri ? sessionStorage.getItem(LINK_TOKEN_SESSION_KEY) : null;
  if (resumed) {
    const scriptUrl = sessionStorage.getItem(LINK_SCRIPT_SESSION_KEY) ?? DEFAULT_SCRIPT_URL;
    return { token: resumed, scriptUrl, update: false };
  }
  const res = await bankApi.createLinkToken(opts.itemId);
  const scriptUrl = res.link_script_url ?? DEFAULT_SCRIPT_URL;
  sessionStorage.setItem(LINK_TOKEN_SESSION_KEY, res.link_token);
  sessionStorage.setItem(LINK_SCRIPT_SESSION_KEY, scriptUrl);
  return { token: res.link_token, scriptUrl, update: res.mode === 'update' };
}

/** After Link succeeded: exchange (or confirm the reconnection), wait, sync, reward. */
async function finishLink(publicToken: string, update: boolean, opts: OpenLinkOptions): Promise<void> {
  try {
    setState({ phase: 'processing', error: null });
    sessionStorage.removeItem(LINK_TOKEN_SESSION_KEY);
    if (update && opts.itemId) await bankApi.itemReconnected(opts.itemId);
    else await bankApi.exchangeToken(publicToken);
    setState({ phase: 'retrieving', error: null });
    await sleep(POST_EXCHANGE_WAIT_MS);
    await syncBank({ linked: true });
    const stillExpired = appStore.get(expiredItemIdAtom);
    setState({ phase: 'done', error: stillExpired ? LINK_MESSAGES.ITEM_LOGIN_REQUIRED : null });
    opts.onConnected?.();
  } catch (err) {
    const body = err instanceof ApiError ? err.body : null;
    const code = typeof body?.error_code === 'string' ? body.error_code : undefined;
    fail(linkStepMessage(err instanceof Error ? err.message : undefined, code));
    // A failed sync has recorded an expired login and reloaded the lists itself; a failed
    // exchange may still have linked the item: reload so the account and its Reconnect show.
    const expired = expiredLoginItemId(body);
    if (expired) appStore.set(expiredItemIdAtom, expired);
    void invalidateAfter('sync');
  }
}

export async function openBankLink(opts: OpenLinkOptions = {}): Promise<void> {
  setState({ phase: 'starting', error: null });
  let session: Awaited<ReturnType<typeof linkSession>>;
  try {
    session = await linkSession(opts);
  } catch (err) {
    return fail(err instanceof Error ? err.message : LINK_MESSAGES.unexpected);
  }
  try {
    await loadLinkScript(session.scriptUrl);
    active?.destroy();
    active = window.Plaid!.create({
      token: session.token,
      receivedRedirectUri: opts.receivedRedirectUri,
      onSuccess: (publicToken) => void finishLink(publicToken, session.update, opts),
      onExit: (error) => {
        if (error) fail(linkExitMessage(error));
        else appStore.set(linkStateAtom, (s) => (s.phase === 'open' ? { phase: 'idle', error: null } : s));
      },
    });
    active.open();
    setState({ phase: 'open', error: null });
  } catch {
    fail(LINK_MESSAGES.init);
  }
}
