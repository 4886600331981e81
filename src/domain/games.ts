// The game catalogue and its XP gates (SPEC 3 "Game", 9 "Game unlocks").
import { GAME_ROUTES } from './game-routes';

export interface Game {
  id: 'category-matcher' | 'breakout' | 'helicopter' | '2048';
  title: string;
  emoji: string;
  description: string;
  route: string;
  unlockLevel: number;
  unlockXP: number;
  /** Lives a play costs: the matcher is free, it is how users sort transactions. */
  lifeCost: number;
}

export const GAMES: readonly Game[] = [
  {
    id: 'breakout',
    title: 'Breakout',
    emoji: '🧱',
    description: 'Bounce the ball, smash every brick and win 3 extra lives.',
    route: GAME_ROUTES.breakout,
    unlockLevel: 1,
    unlockXP: 0,
    lifeCost: 1,
  },
  {
    id: 'helicopter',
    title: 'Helicopter',
    emoji: '🚁',
    description: 'Tap or press to fly up, fall between taps, and weave through the gaps.',
    route: GAME_ROUTES.helicopter,
    unlockLevel: 3,
    unlockXP: 300,
    lifeCost: 1,
  },
  {
    id: '2048',
    title: '2048',
    emoji: '🔢',
    description: 'Slide and merge matching tiles until one reaches 2048.',
    route: GAME_ROUTES['2048'],
    unlockLevel: 5,
    unlockXP: 1000,
    lifeCost: 1,
  },
  {
    id: 'category-matcher',
    title: 'Category Matcher',
    emoji: '🗂️',
    description: 'Sort your transactions into needs, wants and savings before the timer runs out.',
    route: GAME_ROUTES['category-matcher'],
    unlockLevel: 1,
    unlockXP: 0,
    lifeCost: 0,
  },
];

/**
 * What a play really costs, in words (issue 25): Breakout spends a life for each missed ball
 * (SPEC 4 "Breakout"), the others one a game, the matcher none.
 */
export function costText(game: Game): string {
  if (game.lifeCost === 0) return 'Free: costs no lives';
  if (game.id === 'breakout') return 'Costs 1 life per missed ball';
  return `Costs ${game.lifeCost} ${game.lifeCost === 1 ? 'life' : 'lives'} a game`;
}

/** What the catalogue says the arcade games cost. */
export const ARCADE_COST_TEXT =
  'Helicopter and 2048 cost 1 life a game; Breakout costs 1 life per missed ball. Earn lives by completing quests.';

export function gameById(id: Game['id']): Game {
  const found = GAMES.find((g) => g.id === id);
  if (!found) throw new Error(`Unknown game ${id}`);
  return found;
}

/**
 * XP the route needs (0 for ungated or unknown routes); the guards use it. Compared as the router
 * matches: in any case, trailing slashes ignored.
 */
export function requiredXpForRoute(route: string): number {
  const key = route.toLowerCase().replace(/\/+$/, '');
  return GAMES.find((g) => g.route === key)?.unlockXP ?? 0;
}

export function isUnlocked(game: Game, xp: number): boolean {
  return xpStillNeeded(game, xp) === 0;
}

export function xpStillNeeded(game: Game, xp: number): number {
  const have = Number.isFinite(xp) ? xp : 0;
  return Math.max(0, game.unlockXP - have);
}

/** Badge text of a locked card, e.g. 'Unlock at Level 3 (300 XP)'. */
export function lockedLabel(game: Game): string {
  return `Unlock at Level ${game.unlockLevel} (${game.unlockXP} XP)`;
}
