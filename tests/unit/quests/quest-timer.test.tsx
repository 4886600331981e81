// @vitest-environment jsdom
// The countdown ticks each second on its own: the card around it reads the quest once and is not
// rendered again by the ticks, only when the 24 hours end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { QuestTimer } from '@/features/quests/quest-timer';
import { useQuest } from '@/features/quests/use-quest';
import { startTimedQuest } from '@/lib/progression';

const T0 = Date.UTC(2026, 5, 10, 12);
let cardRenders = 0;

function Card() {
  cardRenders++;
  const q = useQuest('eating-out');
  return (
    <div>
      <p>{q.status}</p>
      <QuestTimer id="eating-out" title="No Eating Out" stored={q.stored} startedAt={q.startedAt} showTimer />
    </div>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  cardRenders = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('QuestTimer', () => {
  it('when seconds pass, then only the countdown and bar change; the card renders again only at the end', () => {
    const store = createStore();
    startTimedQuest('eating-out', T0, store);
    render(
      <Provider store={store}>
        <Card />
      </Provider>,
    );
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('24:00:00');
    const rendersAtStart = cardRenders;
    act(() => void vi.advanceTimersByTime(5000));
    expect(timer).toHaveTextContent('23:59:55');
    act(() => void vi.advanceTimersByTime(12 * 3_600_000 - 5000));
    expect(timer).toHaveTextContent('12:00:00');
    expect(screen.getByRole('progressbar', { name: 'No Eating Out progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(cardRenders).toBe(rendersAtStart);
    expect(screen.getByText('started')).toBeInTheDocument();

    act(() => void vi.advanceTimersByTime(12 * 3_600_000 + 1000));
    expect(screen.getByText('expired')).toBeInTheDocument();
    expect(timer).toHaveTextContent('00:00:00');
  });
});
