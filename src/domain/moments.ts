// What the full-width progress moments say and how far their XP bar fills: a level reached, or
// an achievement unlocked. Pure; the moments host feeds it the progression events.
import { achievementById, type AchievementId } from './achievements';
import { rankProgress, type Level } from './levels';

export interface Moment {
  kind: 'level' | 'achievement';
  /** The short shout: 'Level up!' or 'Achievement unlocked!'. */
  heading: string;
  /** The new level's number and name, or the achievement's name. */
  title: string;
  detail: string;
  /** The XP bar's fill, in percent of the level it shows, before and after. */
  bar: { from: number; to: number };
}

const count = new Intl.NumberFormat('en-US');

/**
 * The bar of a change from `beforeXp` to `afterXp`: within one level it moves from the old to
 * the new share; when a level is reached it fills the level just finished up to 100% (from 0
 * when the change skipped whole levels).
 */
export function barFill(beforeXp: number, afterXp: number): Moment['bar'] {
  const before = rankProgress(beforeXp);
  const after = rankProgress(afterXp);
  if (after.current.level === before.current.level) return { from: before.percent, to: after.percent };
  if (after.current.level < before.current.level) return { from: after.percent, to: after.percent };
  const skipped = after.current.level - before.current.level > 1;
  return { from: skipped ? 0 : before.percent, to: 100 };
}

export function levelMoment(level: Level, beforeXp: number, afterXp: number): Moment {
  const { nextLevel } = rankProgress(afterXp);
  return {
    kind: 'level',
    heading: 'Level up!',
    title: `Level ${level.level}: ${level.name}`,
    detail: nextLevel ? `Next: ${nextLevel.name} at ${count.format(nextLevel.xp)} XP` : 'Top rank reached',
    bar: barFill(beforeXp, afterXp),
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function achievementMoment(id: AchievementId, xp: number, beforeXp: number, afterXp: number): Moment {
  const a = achievementById(id);
  return {
    kind: 'achievement',
    heading: 'Achievement unlocked!',
    title: a.name,
    detail: `+${count.format(xp)} XP · ${capitalise(a.description)}`,
    bar: barFill(beforeXp, afterXp),
  };
}

/** Achievements first: the level an achievement's XP reached is shown after the achievement. */
export function orderMoments(moments: readonly Moment[]): Moment[] {
  return [...moments].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'achievement' ? -1 : 1));
}
