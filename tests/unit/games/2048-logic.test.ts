import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@games/shared/random';
import {
  type Board,
  type State2048,
  canMove,
  confirmsNewGame,
  emptyBoard,
  initialState,
  message,
  slide,
  slideTracked,
  spawn,
  update,
} from '@games/2048/logic';
import { boardSize, swipeDirection } from '@games/2048/layout';

const row = (cells: number[]): Board => [cells, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
const count = (b: Board) => b.flat().filter((v) => v !== 0).length;

describe('slide', () => {
  it.each([
    [[2, 2, 2, 2], [4, 4, 0, 0], 8],
    [[2, 2, 4, 4], [4, 8, 0, 0], 12],
    [[4, 2, 2, 0], [4, 4, 0, 0], 4],
    [[4, 4, 8, 0], [8, 8, 0, 0], 8],
    [[2, 0, 0, 2], [4, 0, 0, 0], 4],
    [[2, 4, 2, 4], [2, 4, 2, 4], 0],
  ])('when %j slides left, then it becomes %j and gains %i', (cells, expected, gained) => {
    const result = slide(row(cells), 'left');
    expect(result.board[0]).toEqual(expected);
    expect(result.gained).toBe(gained);
  });

  it('when a merged tile meets an equal one, then it does not merge twice in one move', () => {
    expect(slide(row([4, 4, 8, 0]), 'left').board[0]).toEqual([8, 8, 0, 0]);
    expect(slide(row([8, 4, 4, 0]), 'right').board[0]).toEqual([0, 0, 8, 8]);
  });

  it('when sliding right, up and down, then tiles go to that edge, merging from it', () => {
    expect(slide(row([2, 2, 2, 0]), 'right').board[0]).toEqual([0, 0, 2, 4]);
    const column: Board = [[2], [2], [0], [4]].map((r) => [r[0]!, 0, 0, 0]);
    expect(slide(column, 'up').board.map((r) => r[0])).toEqual([4, 4, 0, 0]);
    expect(slide(column, 'down').board.map((r) => r[0])).toEqual([0, 0, 4, 4]);
  });

  it('when nothing can move that way, then moved is false and the input board is untouched', () => {
    const board = row([2, 4, 8, 16]);
    const copy = structuredClone(board);
    const result = slide(board, 'left');
    expect(result.moved).toBe(false);
    expect(board).toEqual(copy);
    expect(count(result.board)).toBe(4);
  });
});

describe('slideTracked (the moves the scene animates)', () => {
  it('when [2, 2, 0, 4] slides right, then each tile is traced to its cell and the pair to its merge', () => {
    const { board, moves } = slideTracked(row([2, 2, 0, 4]), 'right');
    expect(board[0]).toEqual([0, 0, 4, 4]);
    expect(moves).toEqual([
      { from: [0, 3], to: [0, 3], value: 4 },
      { from: [0, 1], to: [0, 2], value: 2 },
      { from: [0, 0], to: [0, 2], value: 2 },
    ]);
  });

  it('when a column slides up, then the moves follow the column and slide() gives the same board', () => {
    const column: Board = [[0], [2], [0], [2]].map((r) => [r[0]!, 0, 0, 0]);
    const tracked = slideTracked(column, 'up');
    expect(tracked.moves.map((m) => m.to)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(slide(column, 'up')).toEqual({ board: tracked.board, moved: true, gained: 4 });
  });
});

describe('canMove', () => {
  it('when the board is full with no equal neighbours, then no move is left', () => {
    const full: Board = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 2],
    ];
    expect(canMove(full)).toBe(false);
    const withPair = full.map((r) => r.slice());
    withPair[3]![3] = 4;
    expect(canMove(withPair)).toBe(true);
    const withHole = full.map((r) => r.slice());
    withHole[0]![0] = 0;
    expect(canMove(withHole)).toBe(true);
  });
});

describe('spawn', () => {
  it('when spawning 5,000 times under a seeded generator, then about 90% are 2 and 10% are 4', () => {
    const random = mulberry32(42);
    let fours = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const tiles = spawn(emptyBoard(), random)
        .flat()
        .filter((v) => v !== 0);
      // One expect at the end: 10,000 of them took seconds on a loaded machine.
      seen.add(tiles.join(','));
      if (tiles[0] === 4) fours++;
    }
    expect([...seen].sort()).toEqual(['2', '4']);
    expect(fours / 5_000).toBeGreaterThan(0.085);
    expect(fours / 5_000).toBeLessThan(0.115);
  });

  it('when random() is just under 0.9 or at 0.9, then the tile is 2 or 4', () => {
    const values = (v: number) => () => v;
    expect(spawn(emptyBoard(), values(0.899)).flat()).toContain(2);
    expect(spawn(emptyBoard(), values(0.9)).flat()).toContain(4);
  });

  it('when one cell is empty, then the tile goes there; a full board is unchanged', () => {
    const board: Board = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 0, 4],
      [4, 2, 4, 2],
    ];
    expect(spawn(board, mulberry32(1))[2]![2]).not.toBe(0);
    const full = spawn(board, mulberry32(1));
    expect(spawn(full, mulberry32(1))).toBe(full);
  });

  it('when the same seed is used, then the same cells fill', () => {
    expect(initialState(mulberry32(7)).board).toEqual(initialState(mulberry32(7)).board);
  });
});

describe('the game', () => {
  const random = mulberry32(3);
  const playing = (board: Board, extra: Partial<State2048> = {}): State2048 => ({
    ...initialState(random),
    board,
    status: 'playing',
    ...extra,
  });

  it('when a game is set up, then it shows 2 tiles and waits idle', () => {
    const state = initialState(mulberry32(9), 50);
    expect(count(state.board)).toBe(2);
    expect(state.status).toBe('idle');
    expect(state.best).toBe(50);
  });

  it('when the first move is made with lives, then it spends one life and moves', () => {
    const idle = { ...initialState(random), board: row([2, 2, 0, 0]) };
    const next = update(idle, { type: 'move', direction: 'left', lives: 1 }, random);
    expect(next.effects).toEqual(['start']);
    expect(next.status).toBe('playing');
    expect(next.board[0]![0]).toBe(4);
    const later = update(next, { type: 'move', direction: 'right', lives: 0 }, random);
    expect(later.effects).toEqual([]);
    expect(later.status).toBe('playing');
  });

  it('when the first move is made with no lives, then nothing moves and the refusal shows', () => {
    const idle = { ...initialState(random), board: row([2, 2, 0, 0]) };
    const next = update(idle, { type: 'move', direction: 'left', lives: 0 }, random);
    expect(next.board).toEqual(idle.board);
    expect(next.effects).toEqual([]);
    expect(message(next)).toBe('No lives remaining! Complete quests to earn more lives and play again.');
  });

  it('when tiles merge, then the score grows by each merged value and best follows', () => {
    const next = update(
      playing(row([2, 2, 4, 4]), { score: 10, best: 12 }),
      { type: 'move', direction: 'left', lives: 0 },
      random,
    );
    expect(next.score).toBe(22);
    expect(next.best).toBe(22);
    expect(count(next.board)).toBe(3);
  });

  it('when a move changes nothing, then no tile spawns', () => {
    const state = playing(row([2, 4, 0, 0]));
    expect(update(state, { type: 'move', direction: 'left', lives: 3 }, random).board).toEqual(state.board);
  });

  it('when a 2048 tile is made, then the won overlay shows until Continue Playing', () => {
    const won = update(
      playing(row([1024, 1024, 0, 0])),
      { type: 'move', direction: 'left', lives: 0 },
      random,
    );
    expect(won.status).toBe('won');
    expect(message(won)).toContain('Continue Playing');
    const frozen = update(won, { type: 'move', direction: 'right', lives: 0 }, random);
    expect(frozen.board).toEqual(won.board);
    const resumed = update(won, { type: 'continue' }, random);
    expect(resumed.status).toBe('playing');
    const board = resumed.board.map((r) => r.slice());
    board[3] = [2048, 2048, 0, 0];
    const after = update({ ...resumed, board }, { type: 'move', direction: 'left', lives: 0 }, random);
    expect(after.status).toBe('playing');
  });

  it('when the move that makes 2048 leaves no legal move, then Continue Playing ends the game', () => {
    const board: Board = [
      [1024, 1024, 4, 2],
      [4, 8, 16, 2],
      [8, 16, 32, 4],
      [16, 32, 64, 8],
    ];
    // Sliding left makes the 2048 and frees the last cell of row 0, where a 4 lands: nothing can move.
    const won = update(playing(board), { type: 'move', direction: 'left', lives: 0 }, () => 0.95);
    expect(won.board[0]).toEqual([2048, 4, 2, 4]);
    expect(canMove(won.board)).toBe(false);
    expect(won.status).toBe('won');
    const after = update(won, { type: 'continue' }, random);
    expect(after.status).toBe('over');
    expect(after.board).toEqual(won.board);
    expect(message(after)).toContain('Game Over!');
  });

  it('when the last move leaves no move, then Game Over with Play Again, which costs a life', () => {
    const board: Board = [
      [2, 2, 4, 2],
      [4, 8, 2, 4],
      [2, 4, 8, 2],
      [4, 2, 4, 8],
    ];
    // Sliding left merges the 2s into a 4 and frees the last cell of row 0 for the spawn.
    const over = update(playing(board), { type: 'move', direction: 'left', lives: 0 }, () => 0.95);
    expect(over.board[0]).toEqual([4, 4, 2, 4]);
    expect(over.status).toBe('playing');
    const stuck: Board = [
      [8, 4, 2, 0],
      [4, 2, 8, 4],
      [2, 4, 2, 8],
      [4, 2, 4, 2],
    ];
    const ended = update(playing(stuck), { type: 'move', direction: 'right', lives: 0 }, () => 0);
    expect(ended.status).toBe('over');
    expect(message(ended)).toContain('Game Over!');
    expect(message(ended)).toContain('Play Again');
    expect(update(ended, { type: 'move', direction: 'up', lives: 5 }, random).board).toEqual(ended.board);
    const again = update(ended, { type: 'newGame', lives: 1 }, random);
    expect(again.effects).toEqual(['start']);
    expect(again.status).toBe('playing');
    expect(again.score).toBe(0);
    expect(count(again.board)).toBe(2);
    expect(update(ended, { type: 'newGame', lives: 0 }, random).status).toBe('over');
  });
});

describe('2048 layout', () => {
  it('when the screen is under 768 px, then the board is min(width - 80, 280), else 320', () => {
    expect(boardSize(390)).toBe(280);
    expect(boardSize(340)).toBe(260);
    expect(boardSize(767)).toBe(280);
    expect(boardSize(768)).toBe(320);
    expect(boardSize(1280)).toBe(320);
  });

  it('when a finger moves over 30 px, then it is a swipe along its main axis', () => {
    expect(swipeDirection(30, 0)).toBeNull();
    expect(swipeDirection(31, 5)).toBe('right');
    expect(swipeDirection(-40, 10)).toBe('left');
    expect(swipeDirection(10, -45)).toBe('up');
    expect(swipeDirection(0, 31)).toBe('down');
  });
});

describe('New Game in the middle of a game', () => {
  const random = mulberry32(5);
  it('when a game is under way or just won, then New Game asks first; before the first move or after Game Over it does not', () => {
    const idle = initialState(random);
    expect(confirmsNewGame(idle)).toBe(false);
    const playing = update(idle, { type: 'newGame', lives: 3 }, random);
    expect(confirmsNewGame(playing)).toBe(true);
    expect(confirmsNewGame({ ...playing, status: 'won' })).toBe(true);
    expect(confirmsNewGame({ ...playing, status: 'over' })).toBe(false);
  });
});
