// What open pages hear (issue 27): the live bus's messages, sorted by user, for the event stream
// (routes/events.ts). One subscription to the bus per app, however many pages are open.
import type { AppDeps } from '../deps';
import { liveBus, type LiveKind } from '../repositories/live-bus';

export type { LiveKind };

/** Open event streams per user (tabs and devices) and per instance. */
export const MAX_STREAMS_PER_USER = 8;
export const MAX_STREAMS = 5_000;

/** Called with what changed, and the browser tab whose request changed it (if it said). */
export type LiveListener = (kind: LiveKind, origin: string | undefined) => void;

export function liveEvents(deps: Pick<AppDeps, 'db'>) {
  const bus = liveBus(deps.db);
  const byUser = new Map<number, Set<LiveListener>>();
  let open = 0;
  let unsubscribe: (() => void) | null = null;

  return {
    /**
     * Calls `listener` with each change of the user's data, from any instance; answers the
     * unsubscribe, or null when the user (or this instance) has as many streams open as allowed.
     */
    subscribe(userId: number, listener: LiveListener): (() => void) | null {
      const mine = byUser.get(userId) ?? new Set<LiveListener>();
      if (mine.size >= MAX_STREAMS_PER_USER || open >= MAX_STREAMS) return null;
      unsubscribe ??= bus.subscribe((m) => {
        for (const l of [...(byUser.get(m.userId) ?? [])]) l(m.kind, m.origin);
      });
      mine.add(listener);
      byUser.set(userId, mine);
      open++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        open--;
        mine.delete(listener);
        if (mine.size === 0) byUser.delete(userId);
      };
    },
    /** True while changes made on other instances are sure to arrive. */
    trusted: () => bus.trusted(),
  };
}

export type LiveEvents = ReturnType<typeof liveEvents>;
