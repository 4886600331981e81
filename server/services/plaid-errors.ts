// Reads Plaid's error envelope out of an SDK (axios) failure, without ever exposing the request.
export interface PlaidErrorInfo {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
  request_id?: string;
}

export function plaidErrorOf(err: unknown): PlaidErrorInfo | null {
  const data = (err as { response?: { data?: unknown } })?.response?.data;
  if (data && typeof data === 'object' && 'error_code' in data && 'error_type' in data) {
    return data as PlaidErrorInfo;
  }
  return null;
}

/** The most helpful text of a Plaid failure: Plaid's display message, its message, or a fallback. */
export function plaidDetails(err: unknown, fallback: string): string {
  const p = plaidErrorOf(err);
  if (p) return p.display_message || p.error_message;
  const code = (err as { code?: string })?.code;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return 'The bank service did not answer in time.';
  return fallback;
}
