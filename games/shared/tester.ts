// Tester mode (README "Games: tester mode"): `?seed=N` in the page address makes a game
// deterministic (seeded randomness, a manual clock stepped by whole 60 Hz frames) and exposes
// `window.budgetQuestTester[gameId]` to step frames, read the state and load a state. It never
// changes the player's lives or XP: the scene gets a stand-in bridge.
import type { GameRewardKind, StartResult } from '@/domain/progression';
import { NO_LIVES_MESSAGE, applyLivesDelta, canPlay } from '@/domain/lives';
import type { GameBridge } from './progression-bridge';

export interface TesterOptions {
  seed: number;
}

/** Tester options from an address such as `http://host/#/games/2048?seed=42`, else null. */
export function readTesterOptions(href: string): TesterOptions | null {
  const queries = href.split(/[?#]/).slice(1).join('&');
  const raw = new URLSearchParams(queries.replace(/^[^=&]*\//, '')).get('seed');
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  return { seed: Number(raw) >>> 0 };
}

export interface TesterBridge extends GameBridge {
  setLives(lives: number): void;
  /** What the game asked for, in order, for tests to read. */
  readonly calls: string[];
}

/** A bridge for tester mode: lives are the tester's own number, nothing reaches progression. */
export function createTesterBridge(initialLives = 5): TesterBridge {
  let lives = initialLives;
  const listeners = new Set<(lives: number) => void>();
  const calls: string[] = [];
  const set = (next: number) => {
    lives = applyLivesDelta(next, 0);
    listeners.forEach((l) => l(lives));
  };
  return {
    calls,
    start(): StartResult {
      calls.push('start');
      if (!canPlay(lives)) return NO_LIVES_MESSAGE;
      set(lives - 1);
      return 'started';
    },
    began() {
      calls.push('began');
    },
    reward(kind: GameRewardKind) {
      calls.push(`reward:${kind}`);
      if (kind === 'breakout-win') set(lives + 3);
    },
    lives: () => lives,
    setLives: set,
    onLivesChanged(handler) {
      listeners.add(handler);
      return () => listeners.delete(handler);
    },
  };
}

export interface TesterHandle<S> {
  /** Runs `frames` 60 Hz frames of the game (its loop sleeps in tester mode), then renders once. */
  step(frames: number): void;
  state(): S;
  load(state: S): void;
  setLives(lives: number): void;
  /** The latest message the game shows, as text. */
  message(): string;
}

type Registry = Record<string, TesterHandle<unknown> | undefined>;

/** Puts the handle on `window.budgetQuestTester[gameId]`; returns its removal. */
export function exposeTester<S>(gameId: string, handle: TesterHandle<S>): () => void {
  const host = window as unknown as { budgetQuestTester?: Registry };
  const registry = (host.budgetQuestTester ??= {});
  registry[gameId] = handle as TesterHandle<unknown>;
  return () => {
    if (registry[gameId] === (handle as TesterHandle<unknown>)) delete registry[gameId];
  };
}
