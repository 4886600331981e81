// 2048 as a pure state machine (SPEC 4 "2048", 9 "Game physics"): moves, merges, spawns, score,
// best, the won overlay with 'Continue Playing' and game over. Turn-based, so no elapsed time.
import { NO_LIVES_MESSAGE } from '@/domain/lives';
import type { Random } from '@games/shared/random';

export type Board = number[][];
export type Direction = 'up' | 'down' | 'left' | 'right';
export const SIZE = 4;
export const WIN_TILE = 2048;

export const TEXTS = {
  gameOver: 'Game Over!',
  playAgain: 'Play Again',
  won: 'You reached 2048!',
  continuePlaying: 'Continue Playing',
  newGame: 'New Game',
  confirmTitle: 'Start a new game?',
  confirmBody: 'This board ends, and the new game costs 1 life.',
  keepPlaying: 'Keep Playing',
  score: 'Score',
  best: 'Best',
  start: 'Use the arrow keys, WASD or swipe to move the tiles. Your first move starts a game (1 life).',
} as const;

export interface SlideResult {
  board: Board;
  moved: boolean;
  gained: number;
}

/** Where one tile went in a move, for the scene's slide animation. */
export interface TileMove {
  from: [number, number];
  to: [number, number];
  /** The tile's value before the move. */
  value: number;
}

/** Slides one line towards index 0; `moves[k]` is where the tile at index `from` ends up. */
function slideLine(line: number[]): {
  line: number[];
  gained: number;
  moves: { from: number; to: number }[];
} {
  const tiles = line.flatMap((v, from) => (v === 0 ? [] : [{ v, from }]));
  const out: number[] = [];
  const moves: { from: number; to: number }[] = [];
  let gained = 0;
  for (let i = 0; i < tiles.length; i++) {
    const { v, from } = tiles[i]!;
    const to = out.length;
    moves.push({ from, to });
    // Each tile merges at most once per move: a merged pair skips past its partner.
    if (v === tiles[i + 1]?.v) {
      out.push(v * 2);
      gained += v * 2;
      moves.push({ from: tiles[i + 1]!.from, to });
      i++;
    } else out.push(v);
  }
  while (out.length < line.length) out.push(0);
  return { line: out, gained, moves };
}

/** `slide`, plus where every tile went. */
export function slideTracked(board: Board, direction: Direction): SlideResult & { moves: TileMove[] } {
  const n = board.length;
  const next: Board = board.map((row) => row.map(() => 0));
  const moves: TileMove[] = [];
  let gained = 0;
  for (let k = 0; k < n; k++) {
    // The cells of line k, listed from the edge the tiles move towards.
    const cells: [number, number][] = Array.from({ length: n }, (_, i) => {
      if (direction === 'left') return [k, i];
      if (direction === 'right') return [k, n - 1 - i];
      if (direction === 'up') return [i, k];
      return [n - 1 - i, k];
    });
    const result = slideLine(cells.map(([r, c]) => board[r]![c]!));
    gained += result.gained;
    cells.forEach(([r, c], i) => (next[r]![c] = result.line[i]!));
    for (const { from, to } of result.moves) {
      const [r, c] = cells[from]!;
      moves.push({ from: [r, c], to: cells[to]!, value: board[r]![c]! });
    }
  }
  const moved = next.some((row, r) => row.some((v, c) => v !== board[r]![c]));
  return { board: next, moved, gained, moves };
}

/** Moves every tile towards `direction`, merging equal neighbours once; never spawns. */
export function slide(board: Board, direction: Direction): SlideResult {
  const { board: next, moved, gained } = slideTracked(board, direction);
  return { board: next, moved, gained };
}

/** Adds one tile on a random empty cell: 2 (90%) or 4 (10%). A full board comes back unchanged. */
export function spawn(board: Board, random: Random): Board {
  const empty: [number, number][] = [];
  board.forEach((row, r) => row.forEach((v, c) => v === 0 && empty.push([r, c])));
  if (empty.length === 0) return board;
  const [r, c] = empty[Math.min(empty.length - 1, Math.floor(random() * empty.length))]!;
  const value = random() < 0.9 ? 2 : 4;
  return board.map((row, i) => (i === r ? row.map((v, j) => (j === c ? value : v)) : row.slice()));
}

export function canMove(board: Board): boolean {
  return (['up', 'down', 'left', 'right'] as const).some((d) => slide(board, d).moved);
}

export function emptyBoard(): Board {
  return Array.from({ length: SIZE }, () => Array<number>(SIZE).fill(0));
}

export type Status = 'idle' | 'playing' | 'won' | 'over';
/** What the scene must do for the logic: spend a life through the progression bridge. */
export type Effect = 'start';

export interface State2048 {
  board: Board;
  score: number;
  best: number;
  status: Status;
  /** The won overlay was dismissed with 'Continue Playing'; it does not show again this game. */
  keepPlaying: boolean;
  /** The last move, for the scene's short slide animation. */
  lastMove: Direction | null;
  /** The no-lives refusal is showing. */
  refused: boolean;
  effects: Effect[];
}

export type Input2048 =
  | { type: 'move'; direction: Direction; lives: number }
  | { type: 'newGame'; lives: number }
  | { type: 'continue' };

function freshBoard(random: Random): Board {
  return spawn(spawn(emptyBoard(), random), random);
}

/** The board before the first play: two tiles, waiting for a move or New Game. */
export function initialState(random: Random, best = 0): State2048 {
  return {
    board: freshBoard(random),
    score: 0,
    best,
    status: 'idle',
    keepPlaying: false,
    lastMove: null,
    refused: false,
    effects: [],
  };
}

function maxTile(board: Board): number {
  return Math.max(...board.flat());
}

function applyMove(state: State2048, direction: Direction, random: Random): State2048 {
  const { board, moved, gained } = slide(state.board, direction);
  if (!moved) return { ...state, lastMove: null };
  const spawned = spawn(board, random);
  const score = state.score + gained;
  const won = !state.keepPlaying && maxTile(spawned) >= WIN_TILE;
  return {
    ...state,
    board: spawned,
    score,
    best: Math.max(state.best, score),
    status: won ? 'won' : canMove(spawned) ? 'playing' : 'over',
    lastMove: direction,
  };
}

/** One input in, the next state out; `effects` lists what this input asks of the bridge. */
export function update(prev: State2048, input: Input2048, random: Random): State2048 {
  const state: State2048 = { ...prev, effects: [], refused: false };
  switch (input.type) {
    case 'continue':
      // The move that made 2048 may also have left no legal move: continuing then ends the game.
      if (state.status !== 'won') return state;
      return { ...state, status: canMove(state.board) ? 'playing' : 'over', keepPlaying: true };
    case 'newGame': {
      // New Game and Play Again each cost a life; without one the board stays as it is.
      if (input.lives < 1) return { ...state, refused: true };
      return { ...initialState(random, state.best), status: 'playing', effects: ['start'] };
    }
    case 'move': {
      if (state.status === 'playing') return applyMove(state, input.direction, random);
      if (state.status !== 'idle') return state;
      // The first move of a new board starts the game; after that moves are free, so a game
      // started with the last life can be finished (last-life grace).
      if (!slide(state.board, input.direction).moved) return state;
      if (input.lives < 1) return { ...state, refused: true };
      return { ...applyMove({ ...state, status: 'playing' }, input.direction, random), effects: ['start'] };
    }
  }
}

/** New Game in the middle of a game (a life already spent on this board) asks first. */
export function confirmsNewGame(state: State2048): boolean {
  return state.status === 'playing' || state.status === 'won';
}

/** The message the game shows now, as text for the page's live region. */
export function message(state: State2048): string {
  if (state.refused) return NO_LIVES_MESSAGE;
  if (state.status === 'over')
    return `${TEXTS.gameOver} Score ${state.score}. ${TEXTS.playAgain} costs a life.`;
  if (state.status === 'won')
    return `${TEXTS.won} Score ${state.score}. ${TEXTS.continuePlaying} or start a ${TEXTS.newGame}.`;
  if (state.status === 'idle') return TEXTS.start;
  return `Score ${state.score}, best ${state.best}.`;
}
