import { describe, expect, it } from 'vitest';
import { GAMES, gameById, isUnlocked, lockedLabel, requiredXpForRoute, xpStillNeeded } from '@/domain/games';

describe('games catalogue', () => {
  it('when listed, then each game has the spec route and unlock level/XP', () => {
    expect(GAMES.map((g) => [g.id, g.route, g.unlockLevel, g.unlockXP])).toEqual([
      ['breakout', '/games/breakout', 1, 0],
      ['helicopter', '/games/helicopter', 3, 300],
      ['2048', '/games/2048', 5, 1000],
      ['category-matcher', '/games/category-matcher', 1, 0],
    ]);
    for (const g of GAMES) expect(g.title && g.emoji && g.description).toBeTruthy();
  });

  it('when the matcher is played, then it costs no life; the arcade games cost 1', () => {
    expect(gameById('category-matcher').lifeCost).toBe(0);
    expect(gameById('breakout').lifeCost).toBe(1);
  });

  it('when a user has 299 XP, then helicopter is locked with 1 XP still needed', () => {
    const heli = gameById('helicopter');
    expect(isUnlocked(heli, 299)).toBe(false);
    expect(xpStillNeeded(heli, 299)).toBe(1);
  });

  it('when a user has exactly 300 XP, then helicopter is unlocked with nothing needed', () => {
    expect(isUnlocked(gameById('helicopter'), 300)).toBe(true);
    expect(xpStillNeeded(gameById('helicopter'), 300)).toBe(0);
  });

  it('when a user has 0 XP, then breakout and the matcher are open and 2048 needs 1000', () => {
    expect(isUnlocked(gameById('breakout'), 0)).toBe(true);
    expect(isUnlocked(gameById('category-matcher'), 0)).toBe(true);
    expect(xpStillNeeded(gameById('2048'), 0)).toBe(1000);
  });

  it('when a game is locked, then its badge reads "Unlock at Level N (X XP)"', () => {
    expect(lockedLabel(gameById('helicopter'))).toBe('Unlock at Level 3 (300 XP)');
    expect(lockedLabel(gameById('2048'))).toBe('Unlock at Level 5 (1000 XP)');
  });

  it('when a route is guarded, then its XP gate comes from the catalogue', () => {
    expect(requiredXpForRoute('/games/helicopter')).toBe(300);
    expect(requiredXpForRoute('/games/2048')).toBe(1000);
    expect(requiredXpForRoute('/games/breakout')).toBe(0);
  });
});
