// Data access for password-reset tokens, stored only as sha256 hashes.
import type { Knex } from 'knex';
import { liveBus } from './live-bus';

export function passwordResetsRepo(db: Knex) {
  return {
    async insert(reset: {
      userId: number;
      tokenHash: string;
      expiresAt: number;
      createdAt: number;
    }): Promise<void> {
      // Spent and expired links of this user are dead weight; drop them as a new one is made.
      await db('password_resets')
        .where({ user_id: reset.userId })
        .andWhere((q) => q.whereNotNull('used_at').orWhere('expires_at', '<=', reset.createdAt))
        .delete();
      await db('password_resets').insert({
        user_id: reset.userId,
        token_hash: reset.tokenHash,
        expires_at: reset.expiresAt,
        created_at: reset.createdAt,
      });
    },

    /** True when the token is unused and unexpired at `now` (a cheap check before hashing a password). */
    async isUsable(tokenHash: string, now: number): Promise<boolean> {
      const row = await db('password_resets')
        .where({ token_hash: tokenHash })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .first('id');
      return Boolean(row);
    },

    /**
     * In one transaction: claims the token (the conditional update makes it single use even
     * under concurrent requests), voids the user's other open tokens, sets the new password and
     * bumps token_version so older bearer tokens stop working. Returns the user id, or null if
     * the token was unknown, used or expired.
     */
    async consume(tokenHash: string, now: number, passwordHash: string): Promise<number | null> {
      return db.transaction(async (trx) => {
        const row = await trx('password_resets')
          .where({ token_hash: tokenHash })
          .whereNull('used_at')
          .where('expires_at', '>', now)
          .first('id', 'user_id');
        if (!row) return null;
        const claimed = await trx('password_resets')
          .where({ id: row.id })
          .whereNull('used_at')
          .update({ used_at: now });
        if (claimed !== 1) return null;
        await trx('password_resets')
          .where({ user_id: row.user_id })
          .whereNull('used_at')
          .update({ used_at: now });
        await trx('users')
          .where({ id: row.user_id })
          .update({ password_hash: passwordHash, token_version: trx.raw('token_version + 1') });
        // Every instance forgets the old token version when this commits (and open pages end).
        await liveBus(trx).announce(trx, { userId: row.user_id as number, kind: 'session' });
        return row.user_id as number;
      });
    },
  };
}
