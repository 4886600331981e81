// XP amounts of SPEC section 9 and the arithmetic every award goes through.
export const LOGIN_XP = 10;
export const ONBOARDING_XP = 50;
export const BANK_REFRESH_XP = 5;
export const CONNECT_BANK_XP = 25;
export const FIRST_ACCOUNT_XP = 100;
export const ACHIEVEMENT_XP = 100;
export const QUEST_COMPLETION_XP = 50;

/** Manual expense reward ranges, both ends included. */
export const MANUAL_EXPENSE_XP = { min: 25, max: 74 } as const;
export const MANUAL_EXPENSE_LIVES = { min: 1, max: 3 } as const;

/** New XP total: a whole number that never drops below 0 (a bad total counts as 0). */
export function addXp(xp: number, delta: number): number {
  const base = Number.isFinite(xp) ? xp : 0;
  const d = Number.isFinite(delta) ? delta : 0;
  return Math.max(0, Math.round(base + d));
}

/** A whole number in [min, max]; `random` returns [0, 1) like Math.random. */
function randomInt(min: number, max: number, random: () => number): number {
  const r = Math.min(Math.max(random(), 0), 0.999999999);
  return min + Math.floor(r * (max - min + 1));
}

export interface ManualExpenseReward {
  xp: number;
  lives: number;
}

/** The random reward for a saved manual expense; pass `random` to make it deterministic. */
export function manualExpenseReward(random: () => number = Math.random): ManualExpenseReward {
  return {
    xp: randomInt(MANUAL_EXPENSE_XP.min, MANUAL_EXPENSE_XP.max, random),
    lives: randomInt(MANUAL_EXPENSE_LIVES.min, MANUAL_EXPENSE_LIVES.max, random),
  };
}
