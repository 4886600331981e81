// An express-rate-limit Store kept in the rate_limits table, so every server instance behind a
// load balancer counts against the same limit. Windows are fixed and timed by the injected clock.
import type { Knex } from 'knex';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Clock } from '../lib/clock';

export class DbRateLimitStore implements Store {
  // Counters live in the database, so another instance may have counted the same key.
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastPrune = 0;

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
    /** Distinguishes limiters that share the table; also read by express-rate-limit's checks. */
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db('rate_limits')
      .where({ key: this.prefix + key })
      .first('hits', 'reset_at');
    if (!row || Number(row.reset_at) <= this.now()) return undefined;
    return { totalHits: row.hits, resetTime: new Date(Number(row.reset_at)) };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.now();
    const resetAt = now + this.windowMs;
    await this.pruneExpired(now);
    // One atomic upsert: a new or expired row starts a fresh window, a live one counts up.
    const [row] = await this.db('rate_limits')
      .insert({ key: this.prefix + key, hits: 1, reset_at: resetAt })
      .onConflict('key')
      .merge({
        hits: this.db.raw('CASE WHEN ?? <= ? THEN 1 ELSE ?? + 1 END', [
          'rate_limits.reset_at',
          now,
          'rate_limits.hits',
        ]),
        reset_at: this.db.raw('CASE WHEN ?? <= ? THEN ? ELSE ?? END', [
          'rate_limits.reset_at',
          now,
          resetAt,
          'rate_limits.reset_at',
        ]),
      })
      .returning(['hits', 'reset_at']);
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) };
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limits')
      .where({ key: this.prefix + key })
      .where('hits', '>', 0)
      .update({ hits: this.db.raw('hits - 1') });
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limits')
      .where({ key: this.prefix + key })
      .delete();
  }

  /** Expired rows carry no information; drop them at most once a window so the table stays small. */
  private async pruneExpired(now: number): Promise<void> {
    if (now - this.lastPrune < this.windowMs) return;
    this.lastPrune = now;
    await this.db('rate_limits')
      .where('key', 'like', `${this.prefix}%`)
      .where('reset_at', '<=', now)
      .delete();
  }
}

/** The rate-limit rows themselves, for forgetting an account's counters when it is deleted. */
export function rateLimitsRepo(db: Knex) {
  return {
    async deleteKeys(keys: string[]): Promise<void> {
      if (keys.length > 0) await db('rate_limits').whereIn('key', keys).delete();
    },
  };
}
