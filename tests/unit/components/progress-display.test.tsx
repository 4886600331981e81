// @vitest-environment jsdom
// The status bar, the five achievements on Profile and the progress moments, driven through the
// progression module on a fresh store, as a user's actions and the server's answers would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { StatusBar } from '@/components/status-bar';
import { ProgressMoments } from '@/components/progress-moments';
import { MOMENT_MS } from '@/components/progress-moment-band';
import { AchievementsCard } from '@/features/profile/achievements-card';
import { completeQuest, mirrorServer, restoreProgression, startGame } from '@/lib/progression';
import { loginDatesAtom } from '@/lib/atoms';
import { localDateKey } from '@/domain/dates';
import { newProgressState } from '@/domain/progress-ledger';
import type { AchievementId } from '@/domain/achievements';
import { on, type AppEventDetail } from '@/lib/events';

let store: ReturnType<typeof createStore>;
beforeEach(() => {
  // The progression module keeps the server's last answer: start from one that paid nothing.
  restoreProgression(newProgressState(), createStore());
  store = createStore();
  // jsdom has no matchMedia; the moments read it to decide on motion.
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return localDateKey(d);
};
const withStore = (ui: React.ReactNode) => render(<Provider store={store}>{ui}</Provider>);
/** The server's answer: its XP and the achievements it unlocked. */
const server = (xp: number, achievements: AchievementId[] = []) => ({
  ...newProgressState(),
  saved: true,
  xp,
  achievements,
});

describe('StatusBar', () => {
  it('when XP and lives change through the progression module, then the bar shows them at once', () => {
    withStore(<StatusBar />);
    const bar = screen.getByRole('complementary', { name: 'Your progress' });
    expect(bar).toHaveTextContent('Budget Rookie');
    expect(bar).toHaveTextContent('0 XP');
    expect(bar).toHaveTextContent('0/100 to Level 2');
    expect(within(bar).getByText(/lives/).closest('p')).toHaveTextContent('0/5 lives');

    act(() => void completeQuest('financial-guru', store));
    expect(bar).toHaveTextContent('50 XP');
    expect(bar).toHaveTextContent('50/100 to Level 2');
    expect(within(bar).getByText(/lives/).closest('p')).toHaveTextContent('5/5 lives');
    const progress = within(bar).getByRole('progressbar', { name: 'Level progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(progress).toHaveAttribute('aria-valuetext', '50 / 100 XP to Savings Scout');

    act(() => void startGame('breakout', store));
    expect(within(bar).getByText(/lives/).closest('p')).toHaveTextContent('4/5 lives');
  });

  it('when a level is reached, then the bar names the new level and counts from its start', () => {
    withStore(<StatusBar />);
    act(() => {
      completeQuest('financial-guru', store);
      completeQuest('track-spending', store);
    });
    const bar = screen.getByRole('complementary', { name: 'Your progress' });
    expect(bar).toHaveTextContent('Level 2, Savings Scout, 100 XP');
    expect(bar).toHaveTextContent('0/200 to Level 3');
  });

  it('when the user signed in yesterday and today, then the streak reads 2 days; a gap resets it', () => {
    store.set(loginDatesAtom, [day(-4), day(-1), day(0)]);
    withStore(<StatusBar />);
    const streak = screen.getByText(/login streak/).closest('p')!;
    expect(streak).toHaveTextContent('2 days login streak');
    act(() => store.set(loginDatesAtom, [day(-3)]));
    expect(streak).toHaveTextContent('0 days login streak');
    act(() => store.set(loginDatesAtom, [day(0)]));
    expect(streak).toHaveTextContent('1 day login streak');
  });
});

describe('the five achievements', () => {
  it('when the server unlocks each, then Profile counts it out of 5 and its alert shows exactly once', () => {
    const alerts: AppEventDetail['notify'][] = [];
    const off = on('notify', (n) => alerts.push(n));
    withStore(<AchievementsCard />);
    const card = screen.getByRole('region', { name: 'Achievements' });
    expect(card).toHaveTextContent('0/5 unlocked');

    act(() => mirrorServer(server(100, ['budget-master']), store));
    expect(card).toHaveTextContent('1/5 unlocked');
    act(() => mirrorServer(server(200, ['budget-master', 'streak-starter']), store));
    expect(card).toHaveTextContent('2/5 unlocked');
    act(() => mirrorServer(server(325, ['budget-master', 'streak-starter', 'account-master']), store));
    expect(card).toHaveTextContent('3/5 unlocked');
    const four: AchievementId[] = ['budget-master', 'streak-starter', 'account-master', 'budget-pro'];
    act(() => mirrorServer(server(425, four), store));
    expect(card).toHaveTextContent('4/5 unlocked');
    const all: AchievementId[] = [...four, 'subscription-slayer'];
    act(() => mirrorServer(server(575, all), store));
    expect(card).toHaveTextContent('5/5 unlocked');
    expect(within(card).getAllByText('Unlocked', { exact: true })).toHaveLength(5);
    expect(localStorage.getItem('user_xp')).toBe('575');

    // The server naming them again shows nothing new.
    act(() => mirrorServer(server(575, all), store));
    off();
    expect(alerts.map((a) => a.message.split('!')[0])).toEqual([
      'Achievement Unlocked: Budget Master',
      'Achievement Unlocked: Streak Starter',
      'Achievement Unlocked: Account Master',
      'Achievement Unlocked: Budget Pro',
      'Achievement Unlocked: Subscription Slayer',
    ]);
  });
});

describe('ProgressMoments', () => {
  it('when an achievement reaches a level, then the achievement shows first, then the level, each for its moment', async () => {
    vi.useFakeTimers();
    localStorage.setItem('user_xp', '40');
    render(<ProgressMoments />);
    // The band's chunk resolves inside act, so its timer starts now and not after a later act
    // (on a busy machine the lazy import could otherwise land between the steps below).
    await act(async () => {
      mirrorServer(server(140, ['budget-master']));
      await import('@/components/progress-moment-view');
    });
    // Reduced motion (matchMedia above): the still band, its bar already full.
    const achievement = await vi.waitFor(() => screen.getByRole('status'));
    expect(achievement).toHaveTextContent('Achievement unlocked!');
    expect(achievement).toHaveTextContent('Budget Master');
    expect(achievement).toHaveTextContent('+100 XP · Budget created');
    expect(within(achievement).getByRole('progressbar', { name: 'XP bar' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    await act(async () => void vi.advanceTimersByTime(MOMENT_MS));
    const level = screen.getByRole('status');
    expect(level).toHaveTextContent('Level up!');
    expect(level).toHaveTextContent('Level 2: Savings Scout');
    expect(level).toHaveTextContent('Next: Money Manager at 300 XP');

    await act(async () => void vi.advanceTimersByTime(MOMENT_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('when XP grows without a level or an achievement, then no moment shows', async () => {
    render(<ProgressMoments />);
    await act(async () => void mirrorServer(server(10), store));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
