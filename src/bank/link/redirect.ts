// Detects an app start from a bank-link (OAuth) redirect: a bank-link scheme in the address and
// a link_session_id in its query or hash.
export const REDIRECT_BANNER_MS = 10_000;

export function isPlaidRedirect(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const hasScheme = /plaid|oauth/i.test(parsed.protocol + parsed.host + parsed.pathname + parsed.hash);
  const hashQuery = parsed.hash.includes('?')
    ? parsed.hash.slice(parsed.hash.indexOf('?') + 1)
    : parsed.hash.slice(1);
  const hasSession =
    parsed.searchParams.has('link_session_id') || new URLSearchParams(hashQuery).has('link_session_id');
  return hasScheme && hasSession;
}
