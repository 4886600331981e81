// The ten ranks of SPEC section 3 and the maths of the rank progress bar.
export interface Level {
  level: number;
  name: string;
  /** XP needed to reach this level. */
  xp: number;
}

export const LEVELS: readonly Level[] = [
  { level: 1, name: 'Budget Rookie', xp: 0 },
  { level: 2, name: 'Savings Scout', xp: 100 },
  { level: 3, name: 'Money Manager', xp: 300 },
  { level: 4, name: 'Finance Journeyman', xp: 500 },
  { level: 5, name: 'Dollar Defender', xp: 1000 },
  { level: 6, name: 'Wealth Warrior', xp: 1500 },
  { level: 7, name: 'Budget Baron', xp: 2000 },
  { level: 8, name: 'Finance Master', xp: 3000 },
  { level: 9, name: 'Money Mogul', xp: 4000 },
  { level: 10, name: 'Financial Legend', xp: 5000 },
];

/** Spec "Rank bar fallback": past the last level the bar aims at its threshold + 1000 XP. */
export const RANK_FALLBACK_STEP_XP = 1000;

const safeXp = (xp: number) => (Number.isFinite(xp) ? Math.max(0, xp) : 0);

/** The highest level whose threshold `xp` has reached. */
export function levelForXp(xp: number): Level {
  const v = safeXp(xp);
  let found = LEVELS[0];
  for (const l of LEVELS) if (v >= l.xp) found = l;
  return found;
}

export interface RankProgress {
  current: Level;
  /** The next level, or null at the top rank. */
  nextLevel: Level | null;
  /** XP at which the bar is full: the next level's threshold, or the fallback. */
  next: number;
  /** XP earned since reaching the current level. */
  xpIntoLevel: number;
  /** Width of the current level in XP (next - current threshold). */
  xpNeeded: number;
  /** XP still missing to fill the bar (0 when past the fallback). */
  xpToNext: number;
  /** 0..100, not rounded. */
  percent: number;
}

export function rankProgress(xp: number): RankProgress {
  const v = safeXp(xp);
  const current = levelForXp(v);
  const nextLevel = LEVELS.find((l) => l.level === current.level + 1) ?? null;
  const next = nextLevel ? nextLevel.xp : current.xp + RANK_FALLBACK_STEP_XP;
  const xpIntoLevel = v - current.xp;
  const xpNeeded = next - current.xp;
  const percent = Math.min(100, Math.max(0, (xpIntoLevel / xpNeeded) * 100));
  return { current, nextLevel, next, xpIntoLevel, xpNeeded, xpToNext: Math.max(0, next - v), percent };
}

const count = new Intl.NumberFormat('en-US');

/**
 * The level card's label, counted like its bar: from the current level's start, so
 * "79 / 200 XP to Money Manager" sits beside a 39% bar (the total XP is shown apart).
 */
export function rankProgressText(p: RankProgress): string {
  const into = Math.min(p.xpIntoLevel, p.xpNeeded);
  const target = p.nextLevel ? p.nextLevel.name : 'your next milestone';
  return `${count.format(into)} / ${count.format(p.xpNeeded)} XP to ${target}`;
}

export interface XpFigures {
  /** All XP earned, e.g. '1,029 XP'. */
  total: string;
  /** XP into the level out of the level's width, and the level it leads to: '29/500 to Level 6'. */
  inLevel: string;
}

/**
 * XP as the status bar and Profile both show it (issue 25): the total and the progress through
 * the current level, written the same way in both places.
 */
export function xpFigures(xp: number): XpFigures {
  const p = rankProgress(xp);
  const into = Math.min(p.xpIntoLevel, p.xpNeeded);
  const target = p.nextLevel ? `Level ${p.nextLevel.level}` : 'next milestone';
  return {
    total: `${count.format(safeXp(xp))} XP`,
    inLevel: `${count.format(into)}/${count.format(p.xpNeeded)} to ${target}`,
  };
}
