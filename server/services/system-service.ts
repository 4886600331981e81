// Health and the shared rate-limit counters (kept in the database so every instance sees them).
import type { Store } from 'express-rate-limit';
import type { AppDeps } from '../deps';
import { healthRepo } from '../repositories/health-repo';
import { DbRateLimitStore } from '../repositories/rate-limit-store';

export function systemService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const health = healthRepo(deps.db);
  return {
    /** The app's clock, for rules that depend on today (e.g. how far ahead a date may be). */
    now: (): Date => deps.clock.now(),
    health: async () => {
      await health.ping();
      return { status: 'ok' as const };
    },
    /** A counter store for one rate limiter; `prefix` keeps limiters apart in the shared table. */
    rateLimitStore: (prefix: string): Store => new DbRateLimitStore(deps.db, deps.clock, prefix),
  };
}
export type SystemService = ReturnType<typeof systemService>;
