// The link tokens the app asked Plaid for, per user (encrypted, like access tokens), so that
// deleting an account can ask Plaid what each Link session left behind. Scoped to the user id.
import type { Knex } from 'knex';

export interface LinkTokenRecord {
  id: number;
  user_id: number;
  link_token_enc: string;
  created_at: number;
  expires_at: number;
}

const TABLE = 'plaid_link_tokens';

export function linkTokensRepo(db: Knex) {
  return {
    async record(userId: number, linkTokenEnc: string, createdAt: number, expiresAt: number): Promise<void> {
      await db(TABLE).insert({
        user_id: userId,
        link_token_enc: linkTokenEnc,
        created_at: createdAt,
        expires_at: expiresAt,
      });
    },
    async listOfUser(userId: number): Promise<LinkTokenRecord[]> {
      const rows = (await db(TABLE).where({ user_id: userId }).orderBy('id')) as Record<string, unknown>[];
      return rows.map((r) => ({
        ...(r as unknown as LinkTokenRecord),
        id: Number(r.id),
        user_id: Number(r.user_id),
        created_at: Number(r.created_at),
        expires_at: Number(r.expires_at),
      }));
    },
    async delete(userId: number, id: number): Promise<void> {
      await db(TABLE).where({ user_id: userId, id }).delete();
    },
    /** Forgets the user's link tokens that expired before `before`: nothing of theirs is left. */
    async pruneOfUser(userId: number, before: number): Promise<void> {
      await db(TABLE).where({ user_id: userId }).andWhere('expires_at', '<', before).delete();
    },
  };
}
