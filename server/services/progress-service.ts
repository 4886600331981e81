// Progress kept on the server (issue 13): applies a batch of ledger events in one transaction with
// the user's progress row locked, skipping ids the ledger already holds, and answers the state.
import type { AppDeps } from '../deps';
import { progressRepo, type LedgerRow } from '../repositories/progress-repo';
import { unitOfWork } from '../repositories/unit-of-work';
import { applyEvent, newProgressState, recordHistory } from '../../src/domain/progress-ledger';
import type { ProgressEvent, ProgressState } from '../../src/domain/progress-events';

export function progressService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = progressRepo(deps.db);
  const units = unitOfWork(deps.db);
  const now = () => deps.clock.now().getTime();

  return {
    async get(userId: number): Promise<ProgressState> {
      const state = await repo.find(userId);
      return state ? { ...state, saved: true } : { ...newProgressState(), saved: false };
    },

    /** Applies `events` in order; an id seen before (now or in this batch) is a no-op. */
    async apply(userId: number, events: ProgressEvent[]) {
      return units.run(async (trx) => {
        const t = now();
        const state = await repo.lockForUpdate(userId, newProgressState(), t, trx);
        const known = await repo.knownIds(
          userId,
          events.map((e) => e.id),
          trx,
        );
        const applied: string[] = [];
        const duplicates: string[] = [];
        const rows: LedgerRow[] = [];
        for (const event of events) {
          if (known.has(event.id)) {
            duplicates.push(event.id);
            continue;
          }
          known.add(event.id);
          const change = applyEvent(state, event);
          recordHistory(state, event.at, change);
          applied.push(event.id);
          rows.push({
            user_id: userId,
            event_id: event.id,
            type: event.type,
            at: event.at,
            xp: change.xp,
            lives: change.lives,
            created_at: t,
          });
        }
        if (rows.length > 0) {
          await repo.append(rows, trx);
          await repo.save(userId, state, t, trx);
        }
        return { state: { ...state, saved: true }, applied, duplicates };
      });
    },
  };
}
export type ProgressService = ReturnType<typeof progressService>;
