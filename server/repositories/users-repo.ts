// Data access for user accounts. Emails are stored lower-cased, timestamps as epoch ms.
import type { Knex } from 'knex';
import { isUniqueViolation } from '../lib/error-summary';
import { liveBus } from './live-bus';

export interface UserRow {
  id: number;
  email: string;
  passwordHash: string;
  tokenVersion: number;
  createdAt: number;
  /** Grows with every change to the user's bank data as lists show it (migration 009). */
  bankDataVersion: number;
}

interface DbUser {
  id: number;
  email: string;
  password_hash: string;
  token_version: number;
  created_at: number;
  bank_data_version: number | string;
}

const toUser = (r: DbUser): UserRow => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  tokenVersion: r.token_version,
  createdAt: Number(r.created_at),
  bankDataVersion: Number(r.bank_data_version),
});

export function usersRepo(db: Knex) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const row = await db<DbUser>('users').where({ email }).first();
      return row && toUser(row);
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const row = await db<DbUser>('users').where({ id }).first();
      return row && toUser(row);
    },

    /** The new user's id, or null when the e-mail is already taken (also under a race). */
    async insert(user: { email: string; passwordHash: string; createdAt: number }): Promise<number | null> {
      try {
        const [row] = await db('users')
          .insert({
            email: user.email,
            password_hash: user.passwordHash,
            token_version: 0,
            created_at: user.createdAt,
          })
          .returning('id');
        return typeof row === 'object' ? row.id : row;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** Deletes the account; every table holding the user's data cascades from users(id). */
    async delete(id: number): Promise<boolean> {
      return db.transaction(async (trx) => {
        const gone = (await trx('users').where({ id }).delete()) > 0;
        // Every instance forgets the account's sessions when this commits (and open pages end).
        if (gone) await liveBus(trx).announce(trx, { userId: id, kind: 'session' });
        return gone;
      });
    },
  };
}
