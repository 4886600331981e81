// The signed-in user's live event stream (issue 27): GET /api/events read with fetch, so the
// bearer token travels in the Authorization header and never in a URL (EventSource cannot send
// headers). It tells what changed on the server (`bank`, `progress`) and that the session ended
// elsewhere (`session`). It reconnects after a network loss or the device's sleep, with a growing
// wait, and at once when the browser comes back online or the page becomes visible; after a
// reconnect everything counts as changed, since events may have been missed meanwhile.
import { API_BASE, CLIENT_ID, CLIENT_ID_HEADER, getToken } from './api-client';

export type LiveChange = 'bank' | 'progress';

export interface LiveHandlers {
  /** Something of this kind changed on the server (any instance, any device of the user). */
  changed(kind: LiveChange): void;
  /** The session ended elsewhere (password reset, account deletion), or the token was refused. */
  sessionEnded(): void;
}

/** Waits before reconnecting, growing with each failure in a row. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Longer when the server said too many streams are open. */
const BUSY_RETRY_MS = 60_000;
/**
 * The stream opens this long after the page starts, so a first load and an audit's wait for a quiet
 * network (Lighthouse) are over before a connection that never ends begins. What changes in that
 * window is not told (the page's first load read the data just before).
 */
export const LIVE_START_DELAY_MS = 10_000;
/** With no byte (not even the 25-second heartbeat) for this long, the connection counts as lost. */
const SILENCE_MS = 60_000;

/** Splits a stream's text into event names (the data lines carry nothing the app needs). */
export function eventNames(buffer: string): { names: string[]; rest: string } {
  const names: string[] = [];
  let rest = buffer.replace(/\r\n/g, '\n');
  let i;
  while ((i = rest.indexOf('\n\n')) >= 0) {
    const name = /^event: ?(\w+)$/m.exec(rest.slice(0, i))?.[1];
    rest = rest.slice(i + 2);
    if (name) names.push(name);
  }
  return { names, rest };
}

/** Opens the stream and keeps it open until the returned stop() is called. */
export function startLiveEvents(handlers: LiveHandlers): () => void {
  let stopped = false;
  let failures = 0;
  let connected = false;
  let everConnected = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, ms);
  };
  const retry = (ms = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]) => {
    failures++;
    schedule(ms);
  };

  async function connect(): Promise<void> {
    if (stopped || connected || controller) return;
    const token = getToken();
    if (!token) return;
    const c = new AbortController();
    controller = c;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const quiet = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => c.abort(), SILENCE_MS);
    };
    try {
      quiet();
      const res = await fetch(`${API_BASE}/events`, {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'text/event-stream',
          [CLIENT_ID_HEADER]: CLIENT_ID,
        },
        cache: 'no-store',
        signal: c.signal,
      });
      if (res.status === 401) {
        if (token === getToken()) handlers.sessionEnded();
        return;
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => undefined);
        retry(res.status === 429 ? BUSY_RETRY_MS : undefined);
        return;
      }
      connected = true;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        quiet();
        const parsed = eventNames(buffer + value);
        buffer = parsed.rest;
        for (const name of parsed.names) {
          if (name === 'ready') {
            failures = 0;
            // Back after a loss: whatever happened meanwhile is fetched again.
            if (everConnected) {
              handlers.changed('bank');
              handlers.changed('progress');
            }
            everConnected = true;
          } else if (name === 'bank' || name === 'progress') handlers.changed(name);
          else if (name === 'session') {
            stopped = true;
            handlers.sessionEnded();
          }
        }
      }
      if (!stopped) retry();
    } catch {
      if (!stopped) retry();
    } finally {
      if (silence) clearTimeout(silence);
      connected = false;
      if (controller === c) controller = null;
    }
  }

  /** Back online, or the page shown again after sleep: reconnect now instead of at the next try. */
  const wake = () => {
    if (stopped || connected || controller) return;
    if (document.visibilityState !== 'visible') return;
    failures = 0;
    schedule(0);
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  schedule(LIVE_START_DELAY_MS);

  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    controller?.abort();
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
  };
}
