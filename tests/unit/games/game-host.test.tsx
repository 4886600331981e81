// @vitest-environment jsdom
// The shared game host: one Phaser game per mount, made once the page has painted and the scene has
// arrived (the page never waits for Phaser), paused while hidden, destroyed on unmount, and a bridge that spends and pays lives through the progression
// module on the app store.
import { Component, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, GAME_CREATE_MARK, GameHost, afterFirstPaint } from '@games/shared/game-host';
import { createGameBridge } from '@games/shared/progression-bridge';
import { appStore } from '@/lib/store';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';

// A stand-in for the game host's Phaser side: it records what the host does with the game it
// makes (vi.mock is hoisted).
const { games, FakeGame } = vi.hoisted(() => {
  const games: InstanceType<typeof FakeGame>[] = [];
  class FakeGame {
    pause = vi.fn();
    resume = vi.fn();
    destroy = vi.fn();
    loop = { running: true, wake: vi.fn() };
    constructor(readonly config: { parent?: HTMLElement; width?: number }) {
      games.push(this);
    }
  }
  return { games, FakeGame };
});
vi.mock('@games/shared/game-start', () => ({
  startGame: (config: object, parent?: HTMLElement) => ({
    game: new FakeGame({ ...config, parent }),
    stop: () => undefined,
  }),
}));

/**
 * The page paints a frame and the browser begins the next (the first has been committed by then),
 * then the task queued from that runs; the loads settle meanwhile.
 */
async function paint() {
  await act(async () => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
  });
}

/** A scene module that has arrived, answering `config` for every game. */
const loaded =
  (config: Record<string, unknown> = {}) =>
  () =>
    Promise.resolve(() => config);

/** Mounts a host and lets the page paint, so the game is made. */
async function mount(config: Record<string, unknown> = {}) {
  const view = render(<GameHost gameId="breakout" label="Breakout" loadConfig={loaded(config)} />);
  await paint();
  return view;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  performance.clearMarks();
});

afterEach(() => {
  games.length = 0;
  setHidden(false);
  vi.useRealTimers();
});

describe('GameHost', () => {
  it('when mounted, then the scene is loaded and the game created only after the page has painted, inside the host element with the game config', async () => {
    const load = vi.fn(loaded({ width: 480 }));
    const { getByRole } = render(<GameHost gameId="breakout" label="Breakout" loadConfig={load} />);
    await act(async () => undefined);
    expect(games).toHaveLength(0);
    await act(async () => void vi.advanceTimersToNextFrame());
    await act(async () => void vi.runOnlyPendingTimers());
    // The frame's callback runs before its paint, a task queued from it before the frame is
    // committed: the scene (and Phaser's evaluation with it) waits for the next frame.
    expect(load).not.toHaveBeenCalled();
    expect(games).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(games).toHaveLength(1);
    expect(performance.getEntriesByName(GAME_CREATE_MARK)).toHaveLength(1);
    expect(games[0].config.width).toBe(480);
    expect(games[0].config.parent).toBe(getByRole('region', { name: 'Breakout' }));
  });

  it('when the scene arrives after the page has painted, then the game is made as it arrives', async () => {
    let arrive: (make: () => object) => void = () => undefined;
    const scene = new Promise<() => object>((resolve) => (arrive = resolve));
    render(<GameHost gameId="breakout" label="Breakout" loadConfig={() => scene} />);
    await paint();
    expect(games).toHaveLength(0);
    await act(async () => arrive(() => ({ width: 480 })));
    expect(games).toHaveLength(1);
  });

  it('when the scene cannot be loaded, then the error reaches the page (its route shows the error screen)', async () => {
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(err: unknown) {
        onError(err);
      }
      override render() {
        return this.state.failed ? <p>Could not load the game</p> : this.props.children;
      }
    }
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const { getByText } = render(
      <Boundary>
        <GameHost gameId="breakout" label="Breakout" loadConfig={() => Promise.reject(failure)} />
      </Boundary>,
    );
    await paint();
    expect(getByText('Could not load the game')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(games).toHaveLength(0);
  });

  it('when the page is hidden and shown again, then the game pauses and resumes', async () => {
    await mount();
    setHidden(true);
    expect(games[0].pause).toHaveBeenCalledTimes(1);
    setHidden(false);
    expect(games[0].resume).toHaveBeenCalledTimes(1);
  });

  it('when unmounted, then the game is destroyed with its canvas and stops listening', async () => {
    const { unmount } = await mount();
    unmount();
    expect(games[0].destroy).toHaveBeenCalledWith(true);
    setHidden(true);
    expect(games[0].pause).not.toHaveBeenCalled();
  });

  it('when unmounted while tester mode has the loop asleep, then the loop wakes so destroy can finish', async () => {
    const { unmount } = await mount();
    games[0].loop.running = false;
    unmount();
    expect(games[0].loop.wake).toHaveBeenCalledTimes(1);
    expect(games[0].destroy).toHaveBeenCalledWith(true);
  });

  it('when unmounted before the page painted, then no game is ever made', async () => {
    const { unmount } = render(<GameHost gameId="breakout" label="Breakout" loadConfig={loaded()} />);
    await act(async () => void vi.advanceTimersToNextFrame());
    unmount();
    await paint();
    expect(games).toHaveLength(0);
    expect(performance.getEntriesByName(GAME_CREATE_MARK)).toHaveLength(0);
  });

  it('when the canvas has a fixed size, then the host keeps its room until the game is made', async () => {
    const { getByRole } = render(
      <GameHost
        gameId="2048"
        label="2048"
        loadConfig={loaded({ width: 320, height: 320 })}
        reserve={{ width: 320, height: 300 }}
      />,
    );
    const host = getByRole('region', { name: '2048' });
    expect(host.style.minWidth).toBe('320px');
    expect(host.style.minHeight).toBe('300px');
    await paint();
    expect(games).toHaveLength(1);
    expect(host.style.minWidth).toBe('');
    expect(host.style.minHeight).toBe('');
  });
});

describe('game bridge', () => {
  it('when a scene starts and claims a win, then the start spends a life on the app store and the win waits for the server', () => {
    localStorage.setItem('userLives', '1');
    reloadPersistedAtoms(appStore);
    const bridge = createGameBridge('breakout');
    const heard: number[] = [];
    const off = bridge.onLivesChanged((n) => heard.push(n));

    expect(bridge.start()).toBe('started');
    expect(bridge.lives()).toBe(0);
    expect(bridge.start()).toBe('No lives remaining! Complete quests to earn more lives and play again.');
    // The server pays the win (DECISIONS: the referee); the mirror of its answer brings the lives.
    bridge.reward('breakout-win');
    expect(bridge.lives()).toBe(0);
    expect(localStorage.getItem('userLives')).toBe('0');
    off();
    expect(heard).toEqual([0]);
  });
});

describe('afterFirstPaint (issue 33: the game starts after the page has painted)', () => {
  let observed: (() => void) | null = null;
  let fcp = false;
  beforeEach(() => {
    observed = null;
    fcp = false;
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
      name === 'first-contentful-paint' && fcp ? ([{}] as PerformanceEntryList) : [],
    );
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(cb: () => void) {
          observed = cb;
        }
        observe() {}
        disconnect() {
          observed = null;
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('when the first paint is reported already, then it starts after the next frame', () => {
    fcp = true;
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when the first paint is not reported yet, then it waits for it, and starts once', () => {
    const start = vi.fn();
    afterFirstPaint(start);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(200);
    expect(start).not.toHaveBeenCalled();
    fcp = true;
    observed?.();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when the browser does not report paint timing, then it starts after the next frame', () => {
    vi.stubGlobal('PerformanceObserver', class {});
    const start = vi.fn();
    afterFirstPaint(start);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when no paint is ever reported, then it starts after the wait', () => {
    const start = vi.fn();
    afterFirstPaint(start);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 10);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when cancelled first, then it never starts', () => {
    const start = vi.fn();
    const cancel = afterFirstPaint(start);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    cancel();
    fcp = true;
    observed?.();
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS * 2);
    expect(start).not.toHaveBeenCalled();
  });
});
