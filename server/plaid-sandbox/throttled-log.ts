// At most one log line per kind of event per minute, so a flood of requests cannot flood the
// log. The first event of a quiet minute is written at once; the ones after it are counted and
// the count rides on the next line written.
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';

export const LOG_INTERVAL_MS = 60_000;

export function throttledLog(logger: Logger, clock: Clock, intervalMs = LOG_INTERVAL_MS) {
  // One entry per kind: the kinds are a fixed set chosen by the code, never by a client.
  const kinds = new Map<string, { lastAt: number; skipped: number }>();
  return (kind: string, msg: string, meta: Record<string, unknown> = {}) => {
    const now = clock.now().getTime();
    const k = kinds.get(kind);
    if (k && now - k.lastAt < intervalMs) {
      k.skipped++;
      return;
    }
    logger.info(msg, k?.skipped ? { ...meta, kind, alsoSinceLastLine: k.skipped } : { ...meta, kind });
    kinds.set(kind, { lastAt: now, skipped: 0 });
  };
}

export type ThrottledLog = ReturnType<typeof throttledLog>;
