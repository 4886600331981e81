// Reads a server's event stream (GET /api/events, issue 27) the way the app does: fetch with the
// bearer token in the Authorization header. Collects the event names as they come.
export interface OpenStream {
  res: Response;
  /** Event names received so far, in order (`ready`, `bank`, `progress`, `session`). */
  events: string[];
  /** True once the server ended the stream (or it was closed). */
  ended(): boolean;
  close(): void;
}

/** `clientId` is the tab id the app sends (X-Client-Id): that tab's own changes are not told back. */
export async function openEventStream(
  baseUrl: string,
  token: string,
  clientId?: string,
): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...(clientId ? { 'x-client-id': clientId } : {}) },
    signal: controller.signal,
  });
  const events: string[] = [];
  let ended = !res.ok;
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const name = /^event: (\w+)$/m.exec(buf.slice(0, i))?.[1];
            buf = buf.slice(i + 2);
            if (name) events.push(name);
          }
        }
      } catch {
        // Closed by close().
      }
      ended = true;
    })();
  } else await res.body?.cancel();
  return { res, events, ended: () => ended, close: () => controller.abort() };
}
