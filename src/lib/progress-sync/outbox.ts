// Progress events waiting for the server, in their own storage key: each tagged with the user
// who earned it (the token's subject), so a queue is only ever sent under its own account.
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { PROGRESS_BATCH_MAX, type ProgressEvent, type ProgressEventBody } from '@/domain/progress-events';

interface Queued {
  owner: string;
  event: ProgressEvent;
}

/** More than this many waiting events (weeks offline) drops the oldest: storage is finite. */
const OUTBOX_MAX = 5_000;

/** The user id a bearer token was issued to, or null for no or an unreadable token. */
export function tokenOwner(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' && /^\d{1,15}$/.test(json.sub) ? json.sub : null;
  } catch {
    return null;
  }
}

function read(): Queued[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.progressOutbox) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (q): q is Queued =>
        typeof q === 'object' &&
        q !== null &&
        typeof (q as Queued).owner === 'string' &&
        typeof (q as Queued).event?.id === 'string',
    );
  } catch {
    return [];
  }
}

function write(list: Queued[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(STORAGE_KEYS.progressOutbox);
    else localStorage.setItem(STORAGE_KEYS.progressOutbox, JSON.stringify(list.slice(-OUTBOX_MAX)));
  } catch {
    // Storage full or blocked: the event is lost for the server, the local progress keeps it.
  }
}

/** Queues `body` for `owner`; returns the event. */
export function enqueue(owner: string, body: ProgressEventBody, now: number = Date.now()): ProgressEvent {
  const event = { id: crypto.randomUUID(), at: now, ...body } as ProgressEvent;
  write([...read(), { owner, event }]);
  return event;
}

/** The oldest waiting events of `owner`, at most one batch. */
export function nextBatch(owner: string): ProgressEvent[] {
  return read()
    .filter((q) => q.owner === owner)
    .slice(0, PROGRESS_BATCH_MAX)
    .map((q) => q.event);
}

export function pendingCount(owner: string): number {
  return read().filter((q) => q.owner === owner).length;
}

/** Removes the events with `ids` (sent, or refused for good). */
export function remove(ids: readonly string[]): void {
  const gone = new Set(ids);
  write(read().filter((q) => !gone.has(q.event.id)));
}
