// Link's OAuth return must resume with the token of the session it left, kept per tab. Kept apart
// from the Link flow so the app shell can check for a pending session without loading the flow.
export const LINK_TOKEN_SESSION_KEY = 'plaid_link_token';
export const LINK_SCRIPT_SESSION_KEY = 'plaid_link_script';

/** Whether this tab left a Link session for a bank's OAuth page that a redirect can resume. */
export function hasPendingLinkSession(): boolean {
  try {
    return sessionStorage.getItem(LINK_TOKEN_SESSION_KEY) !== null;
  } catch {
    return false;
  }
}
