// What a game may do to the player's progress: the progression module's intents on the one app
// store (src/lib/progression.ts), and the lives count for the game's display.
import { gameReward, livesValueAtom, playBegan, startGame } from '@/lib/progression';
import { appStore } from '@/lib/store';
import type { Game } from '@/domain/games';
import type { GameRewardKind, StartResult } from '@/domain/progression';

export interface GameBridge {
  /** Starts a play: 'started' with its life spent, or the spec's refusal text. */
  start(): StartResult;
  /** The game's own reward, e.g. 'breakout-win'. */
  reward(kind: GameRewardKind): void;
  /** A play began without spending a life (Breakout's launch: its lives go per missed ball). */
  began(): void;
  lives(): number;
  /** Calls `handler` with the new count whenever lives change; returns the unsubscribe. */
  onLivesChanged(handler: (lives: number) => void): () => void;
}

export function createGameBridge(gameId: Game['id']): GameBridge {
  return {
    start: () => startGame(gameId),
    reward: (kind) => void gameReward(kind),
    began: () => playBegan(gameId),
    lives: () => appStore.get(livesValueAtom),
    onLivesChanged: (handler) => appStore.sub(livesValueAtom, () => handler(appStore.get(livesValueAtom))),
  };
}
