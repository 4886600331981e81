import { describe, expect, it } from 'vitest';
import { gameById, isUnlocked, lockedLabel, requiredXpForRoute, xpStillNeeded } from '@/domain/games';

describe('game unlocks', () => {
  it.each([
    ['/games/breakout', 0],
    ['/games/helicopter', 300],
    ['/games/2048', 1000],
    ['/games/category-matcher', 0],
    // The router matches in any case and with a trailing slash: so does the gate.
    ['/games/2048/', 1000],
    ['/games/HELICOPTER', 300],
    ['/Games/Helicopter//', 300],
  ])('when %s is guarded, then it needs %i XP', (route, xp) => {
    expect(requiredXpForRoute(route)).toBe(xp);
  });

  it('when a route is not a game, then no XP is needed', () => {
    expect(requiredXpForRoute('/home')).toBe(0);
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
});
