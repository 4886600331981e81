// Playing the Phaser games with real input: keys, clicks and taps move the games; lives are spent
// once a start, shown on the page and stored; no lives gives the spec's refusal as text.
import { expect, test } from './fixtures';
import { PhaserGamePage } from './pages/phaser-game-page';
import { GamesPage } from './pages/games-page';

const NO_LIVES = 'No lives remaining! Complete quests to earn more lives and play again.';

interface Board2048State {
  board: number[][];
  status: string;
  score: number;
}

test.describe('a player with 1000 XP and 3 lives', () => {
  test.use({
    session: 'signed-in',
    progress: { user_xp: '1000', userLives: '3', userGoal: 'Track Spending' },
  });

  test('when they move a 2048 board with two 2s in a row, then the tiles merge into a 4', async ({
    page,
  }, info) => {
    const game = new PhaserGamePage(page, '2048');
    await game.open(42);
    const start = await game.state<Board2048State>();
    await game.load({
      ...start,
      board: [
        [2, 2, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    });
    if (info.project.name === 'phone') {
      // A swipe to the left over the board (more than 30 px).
      const box = (await game.canvas.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width - 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20, y, { steps: 5 });
      await page.mouse.up();
    } else {
      await page.keyboard.press('ArrowLeft');
    }
    const after = await game.state<Board2048State>();
    expect(after.board[0]![0]).toBe(4);
    expect(after.score).toBe(4);
    await expect(game.message).toHaveText('Score 4, best 4.');
  });

  test('when they start the helicopter and let go, then it falls and crashes', async ({ page }) => {
    const game = new PhaserGamePage(page, 'helicopter');
    await game.open(7);
    await page.keyboard.press('Space');
    await game.step(1);
    const flying = await game.state<{ status: string; y: number }>();
    expect(flying.status).toBe('playing');
    await game.step(120);
    const later = await game.state<{ status: string; y: number }>();
    expect(later.y).toBeGreaterThan(flying.y);
    await game.step(300);
    expect((await game.state<{ status: string }>()).status).toBe('gameOver');
    await expect(game.message).toContainText('Game Over, Tap to Restart');
  });

  test('when they launch the breakout ball, then it breaks a brick', async ({ page }) => {
    const game = new PhaserGamePage(page, 'breakout');
    await game.open(3);
    await game.press();
    await game.step(1);
    const count = (s: { bricks: number[][] }) => s.bricks.flat().filter((b) => b > 0).length;
    const before = await game.state<{ status: string; bricks: number[][]; score: number }>();
    expect(before.status).toBe('playing');
    await game.step(600);
    const after = await game.state<{ bricks: number[][]; score: number }>();
    expect(count(after)).toBeLessThan(count(before));
    expect(after.score).toBeGreaterThan(0);
  });

  test('when they start Helicopter with two fast taps, then one life is spent, shown and stored', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, 'helicopter');
    await game.open();
    await expect(game.lives).toHaveText(/Lives Remaining: 3$/);
    await game.canvas.click({ clickCount: 1 });
    await game.canvas.click({ clickCount: 1 });
    await expect(game.lives).toHaveText(/Lives Remaining: 2$/);
    expect(await page.evaluate(() => localStorage.getItem('userLives'))).toBe('2');
  });

  test('when they leave and re-enter a game twenty times, then one canvas is left and nothing fails', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const games = new GamesPage(page);
    const game = new PhaserGamePage(page, 'helicopter');
    await game.open();
    for (let i = 0; i < 20; i++) {
      await page.getByRole('link', { name: 'Back to Games' }).click();
      await games.waitToLoad();
      await games.play('Helicopter').click();
      await game.waitToLoad();
      await expect(game.canvas).toHaveCount(1);
    }
    await expect(game.message).not.toBeEmpty();
    await expect(page.locator('canvas')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});

test.describe('a player with no lives', () => {
  test.use({
    session: 'signed-in',
    progress: { user_xp: '1000', userLives: '0', userGoal: 'Track Spending' },
  });

  test('when they try to start Helicopter, then the refusal shows as text and nothing is spent', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, 'helicopter');
    await game.open();
    await game.press();
    await expect(game.message).toHaveText(NO_LIVES);
    await expect(game.lives).toHaveText(/Lives Remaining: 0$/);
    expect(await page.evaluate(() => localStorage.getItem('userLives'))).toBe('0');
  });
});
