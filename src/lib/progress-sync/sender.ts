// Sends the outbox to POST /api/progress/events: shortly after each new event, when the browser
// comes back online, at start and before logout; failures retry with a growing delay, while the
// game goes on with its local progress.
import { api, ApiError, getToken } from '@/lib/api-client';
import { emit, notify } from '@/lib/events';
import { livesKeptText } from '@/domain/reward-text';
import type { EventResult, ProgressEvent, ProgressEventBody, ProgressState } from '@/domain/progress-events';
import { enqueue, nextBatch, pendingCount, remove, tokenOwner } from './outbox';

const SEND_DELAY_MS = 1_000;
const RETRY_MS = { first: 2_000, max: 60_000 };

let started = false;
/** Where the server's answer goes (the progression module's mirror, wired by the app shell). */
let onSaved: ((state: ProgressState) => void) | null = null;

/** The claims a player makes by playing: a refusal of one of these is worth telling them. */
const PLAYER_CLAIMS = new Set<ProgressEvent['type']>([
  'game-start',
  'game-play',
  'game-reward',
  'best-score',
  'quest-start',
  'quest-complete',
]);

/** Says, in one short notice, what the server did not count, and what the lives cap kept. */
function tell(batch: ProgressEvent[], results: EventResult[] | undefined): void {
  const byId = new Map(batch.map((e) => [e.id, e]));
  const reasons = new Set<string>();
  for (const r of results ?? []) {
    const event = byId.get(r.id);
    if (r.status === 'refused' && r.reason && event && PLAYER_CLAIMS.has(event.type)) reasons.add(r.reason);
    if (r.status === 'counted' && r.livesOffered > 0 && r.lives < r.livesOffered)
      notify(livesKeptText(r.lives), 'info');
  }
  for (const reason of reasons) notify(`Not counted: ${reason}`, 'info');
}
let timer: ReturnType<typeof setTimeout> | undefined;
let retryMs = RETRY_MS.first;
let sending: Promise<boolean> | null = null;

function schedule(ms: number): void {
  if (!started) return;
  clearTimeout(timer);
  timer = setTimeout(() => void flushProgress(), ms);
}

/** How many events of the signed-in user are waiting to be sent. */
export function pendingProgress(): number {
  const owner = tokenOwner(getToken());
  return owner ? pendingCount(owner) : 0;
}

/** Records one progress event of the signed-in user (nothing when nobody is signed in). */
export function recordProgress(body: ProgressEventBody): void {
  const owner = tokenOwner(getToken());
  if (!owner) return;
  enqueue(owner, body);
  schedule(SEND_DELAY_MS);
}

/** A 4xx other than these can never succeed on retry: the batch is dropped, not resent forever. */
const RETRYABLE = new Set([0, 401, 408, 429]);

async function sendAll(token: string): Promise<boolean> {
  const owner = tokenOwner(token);
  if (!owner) return true;
  for (;;) {
    const batch = nextBatch(owner);
    if (batch.length === 0) return true;
    try {
      const { state, results } = await api.post<{ state: ProgressState; results?: EventResult[] }>(
        '/progress/events',
        { events: batch },
        { token },
      );
      retryMs = RETRY_MS.first;
      // Every event was judged (counted, a duplicate, or refused with its reason): none is resent.
      remove(batch.map((e) => e.id));
      tell(batch, results);
      emit('progressSaved', { state });
      if (pendingCount(owner) === 0) onSaved?.(state);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !RETRYABLE.has(err.status)) {
        console.warn('Progress events refused by the server, dropped:', err.message);
        remove(batch.map((e) => e.id));
        continue;
      }
      schedule(retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MS.max);
      return false;
    }
  }
}

/**
 * Sends every waiting event of the user `token` belongs to (the stored sign-in by default).
 * True when nothing is left waiting. One send runs at a time.
 */
export function flushProgress(token: string | null = getToken()): Promise<boolean> {
  if (!token) return Promise.resolve(true);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(false);
  const run = (sending ?? Promise.resolve(true)).then(() => sendAll(token));
  const tracked: Promise<boolean> = run.finally(() => {
    if (sending === tracked) sending = null;
  });
  sending = tracked;
  return run;
}

/**
 * Starts sending (the app shell calls this once, with the progression module's mirror for the
 * server's answers); returns the stop function.
 */
export function startProgressSync(mirror?: (state: ProgressState) => void): () => void {
  started = true;
  onSaved = mirror ?? null;
  const online = () => schedule(0);
  window.addEventListener('online', online);
  schedule(0);
  return () => {
    started = false;
    onSaved = null;
    clearTimeout(timer);
    window.removeEventListener('online', online);
  };
}
