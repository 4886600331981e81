// Visual tests of the Phaser games (README "Visual tests for testers"): each game in tester mode
// (?seed=N: seeded randomness, the loop asleep, frames stepped by hand, stand-in lives) is driven
// into fixed states and its panel compared with the committed baseline, at 390x844 (phone) and
// 1280x800 (desktop), device scale factor 1, fonts loaded first.
import { expect, test } from '../fixtures';
import { PhaserGamePage, type PhaserGameId } from '../pages/phaser-game-page';

test.use({
  session: 'signed-in',
  progress: { user_xp: '1000', userLives: '3', userGoal: 'Track Spending' },
});

interface Status {
  status: string;
}

async function openGame(page: import('@playwright/test').Page, id: PhaserGameId, seed: number) {
  const game = new PhaserGamePage(page, id);
  await game.open(seed);
  await game.fontsReady();
  return game;
}

/** Draws the current state and compares the panel with its baseline. */
async function expectScreen(game: PhaserGamePage, name: string) {
  await game.step(0);
  await expect(game.panel).toHaveScreenshot(`${game.game}-${name}.png`);
}

// The seed each game is opened with, for every state below.
const SEEDS = { breakout: 1, helicopter: 7, '2048': 42 } as const;

for (const [id, seed] of Object.entries(SEEDS) as [PhaserGameId, number][]) {
  test(`when ${id} opens, then its start screen (seeded board, prompt) looks as before`, async ({ page }) => {
    await expectScreen(await openGame(page, id, seed), 'start');
  });
}

test.describe('Breakout', () => {
  test('when the ball has flown 100 frames, then the mid-game screen shows it and the broken bricks', async ({
    page,
  }) => {
    const game = await openGame(page, 'breakout', SEEDS.breakout);
    await page.keyboard.press('Space');
    await game.step(100);
    expect((await game.state<Status>()).status).toBe('playing');
    await expectScreen(game, 'mid-game');
  });

  test('when the ball is in flight and P is pressed, then the paused screen dims the game and says Paused', async ({
    page,
  }) => {
    const game = await openGame(page, 'breakout', SEEDS.breakout);
    await page.keyboard.press('Space');
    await game.step(100);
    await page.keyboard.press('p');
    await expect(game.message).toContainText('Paused');
    await expectScreen(game, 'paused');
  });

  test('when the last life is lost, then the game over screen shows its text', async ({ page }) => {
    const game = await openGame(page, 'breakout', SEEDS.breakout);
    const start = await game.state<{ bricks: number[][] }>();
    await game.setLives(0);
    await game.load({
      ...start,
      status: 'gameOver',
      score: 60,
      bricks: start.bricks.map((row, r) => row.map((b, c) => (r > 2 || c % 2 === 0 ? b : 0))),
    });
    await expect(game.message).toContainText('Game Over, Click or Space to Restart');
    await expectScreen(game, 'game-over');
  });

  test('when every brick is cleared, then the won screen shows its text', async ({ page }) => {
    const game = await openGame(page, 'breakout', SEEDS.breakout);
    const start = await game.state<{ bricks: number[][] }>();
    await game.load({
      ...start,
      status: 'gameWon',
      score: 350,
      bricks: start.bricks.map((r) => r.map(() => 0)),
    });
    await expect(game.message).toContainText('You cleared every brick!');
    await expectScreen(game, 'won');
  });
});

test.describe('Helicopter', () => {
  test('when it has flown three lifts, then the mid-game screen shows it between the pipes', async ({
    page,
  }) => {
    const game = await openGame(page, 'helicopter', SEEDS.helicopter);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Space');
      await game.step(33);
    }
    expect((await game.state<Status>()).status).toBe('playing');
    await expectScreen(game, 'mid-game');
  });

  test('when it falls to the ground, then the game over screen shows its text', async ({ page }) => {
    const game = await openGame(page, 'helicopter', SEEDS.helicopter);
    await page.keyboard.press('Space');
    await game.step(300);
    expect((await game.state<Status>()).status).toBe('gameOver');
    await expectScreen(game, 'game-over');
  });
});

test.describe('2048', () => {
  const OVER = [
    [2, 4, 2, 4],
    [4, 2, 4, 2],
    [2, 4, 2, 4],
    [4, 2, 4, 8],
  ];
  const WON = [
    [2048, 4, 0, 0],
    [8, 16, 0, 0],
    [2, 0, 0, 0],
    [0, 0, 0, 0],
  ];

  test('when six seeded moves have been played, then the mid-game board shows their tiles', async ({
    page,
  }) => {
    const game = await openGame(page, '2048', SEEDS['2048']);
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
      await page.keyboard.press(key);
      await game.step(12); // the slide and pop run on the stepped clock
    }
    expect((await game.state<Status>()).status).toBe('playing');
    await expectScreen(game, 'mid-game');
  });

  test('when a move is three frames in, then the tiles are caught mid-slide', async ({ page }) => {
    const game = await openGame(page, '2048', SEEDS['2048']);
    const start = await game.state<object>();
    const board = [
      [2, 2, 4, 0],
      [0, 8, 0, 8],
      [0, 0, 0, 0],
      [16, 0, 0, 0],
    ];
    await game.load({ ...start, board, status: 'playing' });
    await page.keyboard.press('ArrowRight');
    await game.step(3);
    await expectScreen(game, 'sliding');
  });

  test('when no move is left, then the Game Over overlay and Play Again show', async ({ page }) => {
    const game = await openGame(page, '2048', SEEDS['2048']);
    const start = await game.state<object>();
    await game.load({ ...start, board: OVER, status: 'over', score: 172, best: 172 });
    await expect(game.panel.getByRole('button', { name: 'Play Again' })).toBeVisible();
    await expectScreen(game, 'game-over');
  });

  test('when New Game is pressed mid-game, then the question shows over the board', async ({ page }) => {
    const game = await openGame(page, '2048', SEEDS['2048']);
    await page.keyboard.press('ArrowLeft');
    await game.step(12);
    await page.keyboard.press('n');
    await expect(page.getByRole('alertdialog', { name: 'Start a new game?' })).toBeVisible();
    await expectScreen(game, 'new-game-question');
  });

  test('when a 2048 tile is made, then the won overlay and Continue Playing show', async ({ page }) => {
    const game = await openGame(page, '2048', SEEDS['2048']);
    const start = await game.state<object>();
    await game.load({ ...start, board: WON, status: 'won', score: 20_480, best: 20_480 });
    await expect(game.panel.getByRole('button', { name: 'Continue Playing' })).toBeVisible();
    await expectScreen(game, 'won');
  });
});
