// Loads Plaid Link's browser script (Plaid's CDN in real mode, the local sandbox's otherwise)
// and types the part of its interface the app uses.
export interface PlaidLinkError {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}
export interface PlaidLinkSuccessMetadata {
  institution: { name: string; institution_id: string } | null;
  accounts: { id: string; name: string; mask: string | null; type: string; subtype: string | null }[];
  link_session_id: string;
}
export interface PlaidLinkHandler {
  open(): void;
  exit(opts?: { force?: boolean }): void;
  destroy(): void;
}
export interface PlaidLinkOptions {
  token: string;
  onSuccess(publicToken: string, metadata: PlaidLinkSuccessMetadata): void;
  onExit?(error: PlaidLinkError | null, metadata: unknown): void;
  onEvent?(eventName: string, metadata: unknown): void;
  onLoad?(): void;
  receivedRedirectUri?: string;
}
declare global {
  interface Window {
    Plaid?: { create(options: PlaidLinkOptions): PlaidLinkHandler };
  }
}

const loading = new Map<string, Promise<void>>();

export function loadLinkScript(url: string): Promise<void> {
  if (window.Plaid) return Promise.resolve();
  let p = loading.get(url);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = url;
      el.async = true;
      el.onload = () => (window.Plaid ? resolve() : reject(new Error('Plaid Link did not load')));
      el.onerror = () => {
        loading.delete(url);
        el.remove();
        reject(new Error('Plaid Link script failed to load'));
      };
      document.head.appendChild(el);
    });
    loading.set(url, p);
  }
  return p;
}
