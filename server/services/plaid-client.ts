// Builds the official Plaid SDK client: Plaid's own environment in real mode, or the embedded
// local sandbox (same SDK, different basePath) when no credentials are set.
import { Configuration, PlaidApi, PlaidEnvironments } from 'plaid';
import type { Config } from '../config';

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
    const real = config.plaid.realMode;
    const basePath = real ? PlaidEnvironments[config.plaid.env] : `${localOrigin()}${SANDBOX_MOUNT}`;
    client = new PlaidApi(
      new Configuration({
        basePath,
        baseOptions: {
          timeout: 25_000,
          headers: {
            'PLAID-CLIENT-ID': real ? config.plaid.clientId : 'budget-quest-local',
            'PLAID-SECRET': real ? config.plaid.secret : 'budget-quest-local-secret',
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
