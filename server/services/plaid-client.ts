// Builds the official Plaid SDK client: Plaid's own environment in real mode, or the embedded
// local sandbox (same SDK, different basePath) when no credentials are set.
import type { PlaidApi } from 'plaid';
import type { Config } from '../config';
import { lazyRequire } from '../lib/lazy-require';

/** Loaded with the first bank call, not at start-up (server/lib/lazy-require.ts). */
const plaidSdk = lazyRequire<typeof import('plaid')>('plaid');

export const PLAID_LINK_CDN = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
export const SANDBOX_MOUNT = '/plaid-sandbox';
export const SANDBOX_LINK_SCRIPT = `${SANDBOX_MOUNT}/link-initialize.js`;

/**
 * `localOrigin` is where this server itself listens (only known after listen), used to reach the
 * embedded sandbox.
 */
export function createPlaidClient(config: Config, localOrigin: () => string): () => PlaidApi {
  let client: PlaidApi | undefined;
  return () => {
    if (client) return client;
    const { Configuration, PlaidApi, PlaidEnvironments } = plaidSdk();
    const { sandbox } = config.plaid;
    const basePath = sandbox ? `${localOrigin()}${SANDBOX_MOUNT}` : PlaidEnvironments[config.plaid.env];
    // The embedded sandbox accepts only its own keys, which only this client is given.
    const keys = sandbox ?? { clientId: config.plaid.clientId, secret: config.plaid.secret };
    client = new PlaidApi(
      new Configuration({
        basePath,
        baseOptions: {
          timeout: config.plaid.timeoutMs,
          headers: {
            'PLAID-CLIENT-ID': keys.clientId,
            'PLAID-SECRET': keys.secret,
            'Plaid-Version': '2020-09-14',
          },
        },
      }),
    );
    return client;
  };
}

/** The Link script the browser loads in this mode. */
export const linkScriptUrl = (config: Config) =>
  config.plaid.realMode ? PLAID_LINK_CDN : SANDBOX_LINK_SCRIPT;

export const WEBHOOK_PATH = '/api/plaid/webhook';

/** Where webhooks go: the configured URL, or this server itself when it hosts the sandbox. */
export const webhookUrl = (config: Config, localOrigin: () => string) => (): string | undefined =>
  config.plaid.webhookUrl ??
  (config.plaid.sandbox && localOrigin() ? `${localOrigin()}${WEBHOOK_PATH}` : undefined);
