// The referee of the game economy (DECISIONS, "The server is the referee"): every change of a
// user's progress happens here, on the server's clock, with their progress row locked, inside
// the database transaction of the fact that pays (an expense stored, a bank linked, a sync, a
// sign-in, labels saved, or a browser's event). After each change it records today's use and
// checks the 24-hour quests against the stored transactions, so a quest ends even while the app
// is closed (on the user's next request or sync), and the cancelled subscriptions likewise.
import type { AppDeps } from '../deps';
import { parseCategory } from './transaction-shape';
import { progressRepo, type LedgerRow } from '../repositories/progress-repo';
import { refereeRepo } from '../repositories/referee-repo';
import { unitOfWork, type Tx } from '../repositories/unit-of-work';
import { GAME_LIMITS } from './game-limits';
import { checkCancels, mayHaveWaitingCancels } from './cancel-check';
import { billsRepo } from '../repositories/bills-repo';
import { judgeEvent, newProgressState } from '../../src/domain/progress-ledger';
import {
  NONE,
  PROGRESS_STATE_MAX_BYTES,
  checkTimedQuests,
  dayIn,
  hasRunningTimedQuest,
  recordHistory,
  recordUsage,
  signIn,
  type Applied,
  join as joinApplied,
  type QuestContext,
  type QuestOutcome,
} from '../../src/domain/referee';
import type { CheckedTransaction } from '../../src/domain/quests';
import { isSavingsSubtype } from '../../src/domain/budget-view';
import type {
  EventResult,
  ProgressEvent,
  ProgressState,
  RewardNotice,
} from '../../src/domain/progress-events';

export interface Refereed<T> {
  value: T;
  state: ProgressState;
  /** The 24-hour quests this change ended, and how. */
  questOutcomes: QuestOutcome[];
  /** What the day and quest checks after the change paid. */
  checks: Applied;
}

/** What a fact paid, as the API answers it beside the fact. */
export function notice(applied: Applied): RewardNotice {
  const { xp, lives, livesOffered, achievements, text } = applied;
  return { xp, lives, livesOffered, achievements, text };
}

export function progressService(deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'logger'>>) {
  const repo = progressRepo(deps.db);
  const facts = refereeRepo(deps.db);
  const bills = billsRepo(deps.db);
  const units = unitOfWork(deps.db);
  const now = () => deps.clock.now().getTime();

  async function checkRows(userId: number, state: ProgressState, trx: Tx): Promise<CheckedTransaction[]> {
    const starts = (['savings', 'eating-out'] as const)
      .map((id) => state.quests[id]?.startedAt)
      .filter((s): s is number => typeof s === 'number');
    if (starts.length === 0) return [];
    // A day before the earliest start: a date-only row of the start's day in any zone is in.
    const since = dayIn(Math.min(...starts) - 86_400_000, 'UTC');
    const rows = await facts.checkRows(userId, since, trx);
    return rows.map((r) => ({
      name: r.name,
      amount: Number(r.amount_cents) / 100,
      category: parseCategory(r.category),
      date: r.date,
      pending: Boolean(r.pending),
      onSavingsAccount: isSavingsSubtype(r.subtype),
    }));
  }

  /**
   * Runs `decide` on the user's locked progress inside `trx`, then the day and quest checks, and
   * saves the state when anything changed. `decide` records its own history lines.
   */
  async function within<T>(
    userId: number,
    trx: Tx,
    decide: (state: ProgressState, ctx: QuestContext & { now: number }) => T | Promise<T>,
  ): Promise<Refereed<T>> {
    const t = now();
    const state = await repo.lockForUpdate(userId, newProgressState(), t, trx);
    const before = JSON.stringify(state);
    const ctx = { now: t, hasBank: await facts.hasLiveBank(userId, trx) };
    const value = await decide(state, ctx);
    const usage = recordUsage(state, t);
    if (usage) recordHistory(state, t, usage);
    let questOutcomes: QuestOutcome[] = [];
    let checks: Applied = usage ?? NONE;
    if (hasRunningTimedQuest(state)) {
      const checked = checkTimedQuests(state, t, await checkRows(userId, state, trx), ctx);
      questOutcomes = checked.outcomes;
      recordHistory(state, t, checked.applied);
      checks = joinApplied(checks, checked.applied);
    }
    if (mayHaveWaitingCancels(state)) {
      // Issue 28: cancelled streams that missed their predicted date pay once (cancel-check.ts).
      const stopped = await checkCancels(bills, userId, state, t, trx);
      recordHistory(state, t, stopped);
      checks = joinApplied(checks, stopped);
    }
    let after = JSON.stringify(state);
    if (after.length > PROGRESS_STATE_MAX_BYTES) {
      // Nothing in the state grows with what a client sends; should it ever, history gives way.
      state.history = state.history.slice(0, 5);
      after = JSON.stringify(state);
      deps.logger?.warn('progress state over its size limit', { userId, bytes: after.length });
    }
    if (after !== before) await repo.save(userId, state, t, trx);
    return { value, state: { ...state, saved: true }, questOutcomes, checks };
  }

  /** Runs `pay` in its own transaction: for facts that need nothing else written. */
  function alone(
    userId: number,
    pay: (state: ProgressState, ctx: QuestContext & { now: number }) => Applied,
  ) {
    return units.run((trx) =>
      within(userId, trx, (state, ctx) => {
        const applied = pay(state, ctx);
        recordHistory(state, ctx.now, applied);
        return applied;
      }),
    );
  }

  return {
    within,

    /** The user's progress, after today's use is recorded and due quests are checked. */
    async get(
      userId: number,
    ): Promise<ProgressState & { questOutcomes: QuestOutcome[]; reward: RewardNotice }> {
      const existed = (await repo.find(userId)) !== null;
      const { state, questOutcomes, checks } = await units.run((trx) => within(userId, trx, () => undefined));
      // What this visit itself paid (a usage day's Budget Pro, a quest that ended while away).
      return { ...state, saved: existed, questOutcomes, reward: notice(checks) };
    },

    /** A sign-in the server accepted: the login day, the daily +10 and the day achievements. */
    signIn(userId: number, kind: 'new' | 'existing', timeZone?: string) {
      return alone(userId, (state, ctx) => signIn(state, ctx.now, kind, timeZone));
    },

    /** A bank sync finished: 'Refresh Data' pays once a day (and the quest checks run). */
    alone,

    /** Judges each event on its own, in order; an id seen before (now or in this batch) is a no-op. */
    async apply(userId: number, events: ProgressEvent[], invalid: EventResult[] = []) {
      return units.run(async (trx) => {
        const known = await repo.knownIds(
          userId,
          events.map((e) => e.id),
          trx,
        );
        const {
          value: results,
          state,
          questOutcomes,
        } = await within(userId, trx, async (state, ctx) => {
          const out: EventResult[] = [];
          const rows: LedgerRow[] = [];
          for (const event of events) {
            if (known.has(event.id)) {
              out.push({ id: event.id, status: 'duplicate', xp: 0, lives: 0, livesOffered: 0 });
              continue;
            }
            known.add(event.id);
            const verdict = judgeEvent(state, event, { ...ctx, limits: GAME_LIMITS });
            const applied = verdict.counted ? verdict.applied : NONE;
            recordHistory(state, ctx.now, applied);
            out.push(
              verdict.counted
                ? {
                    id: event.id,
                    status: 'counted',
                    xp: applied.xp,
                    lives: applied.lives,
                    livesOffered: applied.livesOffered,
                  }
                : {
                    id: event.id,
                    status: 'refused',
                    reason: verdict.reason,
                    xp: 0,
                    lives: 0,
                    livesOffered: 0,
                  },
            );
            rows.push({
              user_id: userId,
              event_id: event.id,
              type: event.type,
              at: Math.min(event.at, ctx.now),
              xp: applied.xp,
              lives: applied.lives,
              created_at: ctx.now,
            });
          }
          if (rows.length > 0) await repo.append(rows, trx);
          return out;
        });
        const all = [...results, ...invalid];
        return {
          state,
          results: all,
          questOutcomes,
          applied: all.filter((r) => r.status === 'counted').map((r) => r.id),
          duplicates: all.filter((r) => r.status === 'duplicate').map((r) => r.id),
        };
      });
    },
  };
}
export type ProgressService = ReturnType<typeof progressService>;
