// One way for every kind of test and the benches to call a running server over HTTP: method, path,
// body (JSON) and bearer token in, status and parsed body out.
export interface Reply {
  status: number;
  body: unknown;
}
export type Fetcher = (method: string, path: string, body?: unknown, token?: string) => Promise<Reply>;

/** A Fetcher for the server at `url()` (read per call: an address known only after start-up). */
export function fetcher(url: () => string): Fetcher {
  return async (method, path, body, token) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url() + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      /* kept as text: the report shows it */
    }
    return { status: res.status, body: parsed };
  };
}
