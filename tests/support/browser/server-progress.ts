// The server is the referee of the game economy: a browser's stored XP or lives are replaced by the
// server's as soon as the app starts. A test that needs a player with some progress gives it to
// the server, as an earlier history would have: this writes the user's progress row in the test
// server's own database (SQLite in the e2e data folder, or another server's, for the benches),
// mapped from the spec's storage keys.
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { E2E_DATA_DIR } from '../../../playwright.config';
import { newProgressState } from '../../../src/domain/progress-ledger';
import { PROGRESS_SETTING_KEYS } from '../../../src/domain/progress-events';
import { tokenUserId } from '../accounts';

const ACHIEVEMENT_KEYS: Record<string, string> = {
  budget_master_unlocked: 'budget-master',
  streak_starter_unlocked: 'streak-starter',
  account_master_unlocked: 'account-master',
  budget_pro_unlocked: 'budget-pro',
  subscription_slayer_unlocked: 'subscription-slayer',
};

const int = (raw: string | undefined, min: number, max: number): number | undefined => {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(n)
    ? Math.min(max, Math.max(min, Math.round(n)))
    : undefined;
};

/**
 * Gives the server the progress that `values` (spec storage keys, as a browser would hold them)
 * describe: XP, lives, achievements, settings, quests. Values a browser would not read back are
 * left out, as the app's own codecs would drop them. `database` is the server's SQLite file (the
 * e2e server's by default) or an open connection to its database.
 */
export async function seedServerProgress(
  token: string,
  values: Record<string, string>,
  database: string | Knex = path.join(E2E_DATA_DIR, 'budget-quest.sqlite'),
): Promise<void> {
  let userId: number;
  try {
    userId = tokenUserId(token);
  } catch {
    return; // a forged or broken token: no account to give progress to
  }
  if (!Number.isInteger(userId)) return;
  const own = typeof database === 'string';
  const db = own
    ? knex({ client: 'sqlite3', connection: { filename: database }, useNullAsDefault: true })
    : database;
  try {
    if (own) await db.raw('PRAGMA busy_timeout = 5000');
    const row = (await db('progress').where({ user_id: userId }).first('state')) as
      { state: string } | undefined;
    const state = row
      ? (JSON.parse(row.state) as Record<string, unknown>)
      : (newProgressState() as unknown as Record<string, unknown>);
    const xp = int(values.user_xp, 0, 1_000_000);
    if (xp !== undefined) state.xp = xp;
    const lives = int(values.userLives, 0, 5);
    if (lives !== undefined) state.lives = lives;
    const achievements = new Set(state.achievements as string[]);
    for (const [key, id] of Object.entries(ACHIEVEMENT_KEYS))
      if (values[key] === 'true') achievements.add(id);
    state.achievements = [...achievements];
    if (values.onboarding_completed === 'true') state.onboardingCompleted = true;
    const settings = state.settings as Record<string, string>;
    for (const key of PROGRESS_SETTING_KEYS)
      if (values[key] !== undefined && values[key] !== '') settings[key] = values[key]!;
    // The server's own record of login and usage days (Streak Starter, Budget Pro).
    for (const [key, field] of [
      ['login_dates', 'loginDates'],
      ['daily_usage_dates', 'usageDates'],
    ] as const) {
      try {
        const days = JSON.parse(values[key] ?? 'null') as unknown;
        if (Array.isArray(days))
          state[field] = days.filter((d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d));
      } catch {
        // Unreadable in the browser too.
      }
    }
    const quests = state.quests as Record<string, unknown>;
    for (const [key, raw] of Object.entries(values)) {
      const m = /^quest_([a-z-]+)$/.exec(key);
      if (!m) continue;
      try {
        const q = JSON.parse(raw) as { isStarted?: unknown; timeRemaining?: unknown };
        const timer = int(values[`quest_timer_${m[1]}`], 0, Number.MAX_SAFE_INTEGER) ?? null;
        if (q.isStarted === false && q.timeRemaining === 0)
          quests[m[1]!] = { isStarted: false, completed: true, startedAt: null };
        else if (q.isStarted === true)
          quests[m[1]!] = { isStarted: true, completed: false, startedAt: timer };
      } catch {
        // Unreadable in the browser too: no quest state.
      }
    }
    const text = JSON.stringify(state);
    if (row) await db('progress').where({ user_id: userId }).update({ state: text });
    else await db('progress').insert({ user_id: userId, state: text, updated_at: Date.now() });
  } finally {
    if (own) await db.destroy();
  }
}
