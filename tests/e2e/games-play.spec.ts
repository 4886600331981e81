// Playing the Phaser games with real input: keys, clicks and taps move the games; lives are spent
// once a start, shown on the page and stored; no lives gives the spec's refusal as text.
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { PhaserGamePage, type PhaserGameId } from './pages/phaser-game-page';
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

  test.describe('input given while the page waits for Phaser', () => {
    /** Holds Phaser's chunk until the returned release: the page shows, the game cannot start. */
    async function holdPhaser(page: Page): Promise<() => void> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/phaser-[A-Za-z0-9_-]{8}\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    }

    /** Opens the game with Phaser held; answers once its message shows and no canvas is made. */
    async function openWaiting(page: Page, id: PhaserGameId, query = '') {
      const release = await holdPhaser(page);
      const game = new PhaserGamePage(page, id);
      await page.goto(`/#${game.route}${query}`);
      await expect(game.message).not.toBeEmpty();
      await expect(game.canvas).toHaveCount(0);
      return { game, release };
    }

    test('when they press Space before Breakout has started, then the ball launches once it starts', async ({
      page,
    }) => {
      const { game, release } = await openWaiting(page, 'breakout');
      await expect(game.message).toContainText('press Space to launch the ball');
      await page.keyboard.press('Space');
      // The press was the game's: the page did not scroll for it.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      release();
      await expect(game.canvas).toHaveCount(1);
      await expect(game.message).toHaveText(/^Score \d+\. Lives \d+\.$/);
    });

    test('when they tap the Helicopter panel before it has started, then it flies once it starts', async ({
      page,
    }) => {
      const { game, release } = await openWaiting(page, 'helicopter', '?seed=7');
      // The game's box, empty until the canvas is made.
      const box = (await page.getByRole('region', { name: 'Helicopter', exact: true }).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      release();
      await page.waitForFunction(() =>
        Boolean(
          (window as unknown as { budgetQuestTester?: { helicopter?: unknown } }).budgetQuestTester
            ?.helicopter,
        ),
      );
      await game.step(1);
      expect((await game.state<{ status: string }>()).status).toBe('playing');
    });

    test('when they press an arrow before 2048 has started, then the board moves once, when it starts', async ({
      page,
    }) => {
      const { game, release } = await openWaiting(page, '2048', '?seed=42');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      release();
      await expect(game.canvas).toHaveCount(1);
      // Both moves were taken, in order: the board is the one the same seed gives for the same
      // two presses made after the start.
      await expect(game.message).toHaveText(/^Score \d+, best \d+\.$/);
      const reference = new PhaserGamePage(await page.context().newPage(), '2048');
      await reference.open(42);
      await reference.page.keyboard.press('ArrowLeft');
      await reference.page.keyboard.press('ArrowUp');
      const expected = await reference.state<Board2048State>();
      expect(expected.status).toBe('playing');
      expect(await game.state<Board2048State>()).toEqual(expected);
    });
  });

  test('when they open each Phaser game, then its canvas shows a drawn first frame', async ({ page }) => {
    for (const id of ['breakout', 'helicopter', '2048'] as const) {
      const game = new PhaserGamePage(page, id);
      await game.open();
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('game-first-frame').length))
        .toBeGreaterThan(0);
      // The canvas as shown on screen, decoded in the page: a drawn frame has many colours, a
      // blank or cleared canvas one.
      const png = (await game.canvas.screenshot()).toString('base64');
      const colours = await page.evaluate(async (data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const blob = new Blob([bytes], { type: 'image/png' });
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        const seen = new Set<number>();
        for (let i = 0; i < pixels.length; i += 4)
          seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
        return seen.size;
      }, png);
      expect(colours, `${id}: distinct colours on the canvas`).toBeGreaterThan(4);
      await page.evaluate(() => performance.clearMarks('game-first-frame'));
    }
  });

  test('when they drag a finger across the Breakout canvas, then the paddle follows it', async ({
    page,
  }, info) => {
    test.skip(!info.project.use.hasTouch, 'a touch screen is needed');
    const game = new PhaserGamePage(page, 'breakout');
    await game.open(3);
    const box = (await game.canvas.boundingBox())!;
    const y = box.y + box.height * 0.8;
    /** Where the finger is, in the game's own 480 px wide coordinates. */
    const gameX = (fraction: number) => fraction * 480;
    const paddleCentre = async () => {
      const s = await game.state<{ paddleX: number; paddleWidth: number }>();
      return s.paddleX + s.paddleWidth / 2;
    };
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', fraction: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + box.width * fraction, y }],
      });

    await touch('touchStart', 0.5);
    await touch('touchMove', 0.35);
    await touch('touchMove', 0.25);
    await game.step(1);
    expect(await paddleCentre()).toBeCloseTo(gameX(0.25), 0);
    await touch('touchMove', 0.5);
    await touch('touchMove', 0.75);
    await game.step(1);
    expect(await paddleCentre()).toBeCloseTo(gameX(0.75), 0);
    await touch('touchEnd', 0.75);
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
