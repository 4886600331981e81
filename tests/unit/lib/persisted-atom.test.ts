// @vitest-environment jsdom
// The storage mirror itself: reset, resync after direct storage changes, and key listing.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { livesAtom, questStateAtom, xpAtom } from '@/lib/atoms';
import { RESET, reloadPersistedAtoms, removeStoredKeys } from '@/lib/persisted-atom';
import { progressKeys } from '@/lib/session';

describe('persisted atoms', () => {
  it('when an atom is RESET, then its key is removed and it reads its default', () => {
    const store = createStore();
    store.set(livesAtom, 4);
    store.set(livesAtom, RESET);
    expect(localStorage.getItem('userLives')).toBeNull();
    expect(store.get(livesAtom)).toBe(0);
  });

  it('when keys are removed through removeStoredKeys, then cached atoms read the defaults', () => {
    const store = createStore();
    store.set(xpAtom, 250);
    store.set(questStateAtom('savings'), { isStarted: true, timeRemaining: 10 });
    removeStoredKeys(store, ['user_xp', 'quest_savings']);
    expect(store.get(xpAtom)).toBe(0);
    expect(store.get(questStateAtom('savings'))).toBeNull();
  });

  it('when storage is changed directly and atoms are reloaded, then they show the stored values', () => {
    const store = createStore();
    expect(store.get(xpAtom)).toBe(0);
    localStorage.setItem('user_xp', '70');
    expect(store.get(xpAtom)).toBe(0); // cached until told
    reloadPersistedAtoms(store);
    expect(store.get(xpAtom)).toBe(70);
  });

  it('when another tab clears storage, then a subscribed atom drops its cached value', () => {
    const store = createStore();
    const unsub = store.sub(xpAtom, () => {});
    store.set(xpAtom, 30);
    localStorage.removeItem('user_xp');
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.get(xpAtom)).toBe(0);
    unsub();
  });

  it('when another tab writes a key this tab has only read, then the atom shows the new value', () => {
    const store = createStore();
    const seen: number[] = [];
    const unsub = store.sub(xpAtom, () => seen.push(store.get(xpAtom)));
    expect(store.get(xpAtom)).toBe(0);

    localStorage.setItem('user_xp', '40');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_xp', newValue: '40' }));
    expect(store.get(xpAtom)).toBe(40);

    localStorage.setItem('user_xp', '55');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_xp', newValue: '55' }));
    expect(store.get(xpAtom)).toBe(55);
    expect(seen).toEqual([40, 55]);
    unsub();
  });
});

describe('progressKeys', () => {
  it('when listed, then quest and dismissal keys are included once, token and onboarding flag are not', () => {
    localStorage.setItem('quest_savings', '{}');
    localStorage.setItem('quest_timer_savings', '1');
    localStorage.setItem('quests_instructions_dismissed', 'true');
    localStorage.setItem('home_instructions_dismissed', 'true');
    const keys = progressKeys(localStorage);
    expect(keys).toEqual(
      expect.arrayContaining(['user_xp', 'userLives', 'userGoal', 'budget_master_unlocked']),
    );
    expect(keys).toEqual(
      expect.arrayContaining(['quest_savings', 'quest_timer_savings', 'home_instructions_dismissed']),
    );
    expect(keys.filter((k) => k === 'quests_instructions_dismissed')).toHaveLength(1);
    expect(keys).not.toContain('token');
    expect(keys).not.toContain('onboarding_completed');
  });
});
