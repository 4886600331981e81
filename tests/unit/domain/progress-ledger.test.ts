// The server's progress rules: what each ledger event pays, once-only rewards, and the history.
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  describeChange,
  isMatcherXp,
  newProgressState,
  recordHistory,
} from '@/domain/progress-ledger';
import type { ProgressEvent, ProgressEventBody } from '@/domain/progress-events';

let n = 0;
const ev = (body: ProgressEventBody): ProgressEvent => ({ id: `id-${++n}`, at: 1_000 + n, ...body });

describe('describeChange', () => {
  it('when XP and lives change, then both are said with their signs and the reason', () => {
    expect(describeChange(25, 0, 'bank connected')).toBe('+25 XP \u00b7 bank connected');
    expect(describeChange(0, -1, 'Breakout started')).toBe('\u22121 life \u00b7 Breakout started');
    expect(describeChange(50, 3, 'quest completed')).toBe('+50 XP +3 lives \u00b7 quest completed');
  });
});

describe('isMatcherXp', () => {
  it('when XP is what picks and timeouts of the round can earn, then it is accepted', () => {
    expect(isMatcherXp(30, 3)).toBe(true); // 3 picks
    expect(isMatcherXp(-15, 3)).toBe(true); // 3 timeouts
    expect(isMatcherXp(15, 3)).toBe(true); // 2 picks, 1 timeout
    expect(isMatcherXp(0, 0)).toBe(true);
  });
  it('when XP is more, less or between what the round can earn, then it is refused', () => {
    expect(isMatcherXp(40, 3)).toBe(false);
    expect(isMatcherXp(-20, 3)).toBe(false);
    expect(isMatcherXp(10, 3)).toBe(false);
    expect(isMatcherXp(10, 0)).toBe(false);
  });
});

describe('applyEvent', () => {
  it('when a reconnect comes before any first connection completed, then it pays 25 and Account Master', () => {
    const s = newProgressState();
    expect(applyEvent(s, ev({ type: 'award', kind: 'bank-reconnected' }))).toMatchObject({ xp: 125 });
    expect(applyEvent(s, ev({ type: 'award', kind: 'bank-reconnected' }))).toMatchObject({ xp: 0, text: '' });
    expect(s.achievements).toEqual(['account-master']);
  });

  it('when login days arrive, then they are kept unique, sorted and only the last ten', () => {
    const s = newProgressState();
    for (let d = 12; d >= 1; d--)
      applyEvent(s, ev({ type: 'day', kind: 'login', date: `2025-03-${String(d).padStart(2, '0')}` }));
    applyEvent(s, ev({ type: 'day', kind: 'login', date: '2025-03-12' }));
    applyEvent(s, ev({ type: 'day', kind: 'login', date: '2025-02-30' }));
    expect(s.loginDates).toHaveLength(10);
    expect(s.loginDates[0]).toBe('2025-03-03');
    expect(s.loginDates.at(-1)).toBe('2025-03-12');
  });

  it('when a quest starts, then its start time is the event time; completing it clears it', () => {
    const s = newProgressState();
    const start = ev({ type: 'quest-start', quest: 'savings' });
    applyEvent(s, start);
    expect(s.quests.savings).toEqual({ isStarted: true, completed: false, startedAt: start.at });
    applyEvent(s, ev({ type: 'quest-complete', quest: 'savings' }));
    expect(s.quests.savings).toEqual({ isStarted: false, completed: true, startedAt: null });
  });
});

describe('recordHistory', () => {
  it('when more than 50 changes are recorded, then the newest 50 are kept, newest first, and no-ops are left out', () => {
    const s = newProgressState();
    for (let i = 0; i < 60; i++)
      recordHistory(s, i, applyEvent(s, ev({ type: 'award', kind: 'bank-refresh' })));
    recordHistory(s, 99, applyEvent(s, ev({ type: 'best-score', game: '2048', score: 4 })));
    expect(s.history).toHaveLength(50);
    expect(s.history[0]).toEqual({ at: 59, xp: 5, lives: 0, text: '+5 XP \u00b7 bank data refreshed' });
    expect(s.history.at(-1)?.at).toBe(10);
  });
});
