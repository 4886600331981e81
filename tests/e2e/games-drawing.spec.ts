// Issue 33, the games' share of the main thread: a game draws only when its picture changes (none
// while it waits for the launch, sits paused or shows a 2048 board between moves; every frame
// while it plays), and Phaser starts only after the page has painted, with nothing moving when the
// canvas arrives. Draws are counted on the canvas's 2D context itself (the games draw on Canvas), so
// what is asserted is what the browser was asked to draw, whatever the game code says.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PhaserGamePage } from './pages/phaser-game-page';

interface Counters {
  __draws: number;
  __pixelReads: number;
  __shifts: string[];
}

// Runs before the app: counts the 2D context's calls that paint on the game's canvas (clearing
// included; Phaser's Text objects draw on canvases of their own, which are not counted) and
// records every layout shift not caused by input.
const COUNT_DRAWS = () => {
  const w = window as unknown as Counters;
  w.__draws = 0;
  w.__pixelReads = 0;
  w.__shifts = [];
  // Each Phaser Text draws on a canvas of its own, which its texture reads back when it is made.
  const read = CanvasRenderingContext2D.prototype.getImageData;
  CanvasRenderingContext2D.prototype.getImageData = function (
    this: CanvasRenderingContext2D,
    ...args: Parameters<typeof read>
  ) {
    if (!this.canvas.isConnected) w.__pixelReads++;
    return read.apply(this, args);
  };
  const names = ['clearRect', 'fillRect', 'strokeRect', 'fill', 'stroke', 'drawImage', 'fillText'];
  const calls = CanvasRenderingContext2D.prototype as unknown as Record<
    string,
    ((...a: unknown[]) => unknown) | undefined
  >;
  for (const name of names) {
    const original = calls[name];
    if (!original) continue;
    calls[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (this.canvas.isConnected) w.__draws++;
      return original.apply(this, args);
    };
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { hadRecentInput: boolean; value: number }[])
      if (!e.hadRecentInput) w.__shifts.push(`${e.value}`);
  }).observe({ type: 'layout-shift', buffered: true });
};

const draws = (page: Page) => page.evaluate(() => (window as unknown as Counters).__draws);
const pixelReads = (page: Page) => page.evaluate(() => (window as unknown as Counters).__pixelReads);

/** Waits `n` of the browser's animation frames (each one a step of the game's loop). */
const frames = (page: Page, n: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let left = count;
        const next = () => (--left <= 0 ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    n,
  );

/** The draws made over `n` frames. */
async function drawsOver(page: Page, n: number): Promise<number> {
  return drawsAfter(page, async () => undefined, n);
}

/** The draws made from `action` on until `n` frames after it (counted from before it, since the
 *  game may draw before the test's next look at the page). */
async function drawsAfter(page: Page, action: () => Promise<void>, n: number): Promise<number> {
  const before = await draws(page);
  await action();
  await frames(page, n);
  return (await draws(page)) - before;
}

/** Opens a game (not in tester mode: its own loop runs) and lets its first frames pass. */
async function openGame(page: Page, id: 'breakout' | 'helicopter' | '2048'): Promise<PhaserGamePage> {
  await page.addInitScript(COUNT_DRAWS);
  const game = new PhaserGamePage(page, id);
  await game.open();
  await page.waitForFunction(() => performance.getEntriesByName('game-first-frame').length > 0);
  expect(await draws(page)).toBeGreaterThan(0); // the first frames were drawn, on the game's canvas
  await frames(page, 10);
  return game;
}

test.use({
  session: 'signed-in',
  progress: { user_xp: '1000', userLives: '3', userGoal: 'Track Spending' },
});

test('when Breakout waits for its launch, then nothing is drawn; launched, it draws; paused, it stops again, its pause overlay made on that first pause', async ({
  page,
}) => {
  const game = await openGame(page, 'breakout');
  expect(await drawsOver(page, 60)).toBe(0);
  const waiting = await game.canvas.screenshot();

  expect(await drawsAfter(page, () => page.keyboard.press('Space'), 20)).toBeGreaterThan(0);
  expect(await game.canvas.screenshot()).not.toEqual(waiting); // the ball has left the paddle

  // The pause overlay's texts are made on the first pause, not at the start.
  const readsBefore = await pixelReads(page);
  expect(readsBefore).toBeGreaterThan(0);
  await page.keyboard.press('p');
  await expect(game.resumeButton).toBeVisible();
  await frames(page, 10); // the overlay's frame
  const readsPaused = await pixelReads(page);
  expect(readsPaused).toBeGreaterThan(readsBefore);
  expect(await drawsOver(page, 60)).toBe(0);
  const paused = await game.canvas.screenshot();
  await frames(page, 30);
  expect(await game.canvas.screenshot()).toEqual(paused); // the paused picture stays on screen

  // Made once: resumed and paused again, no text is made.
  await page.keyboard.press('p');
  await expect(game.pauseButton).toBeEnabled();
  await page.keyboard.press('p');
  await expect(game.resumeButton).toBeVisible();
  await frames(page, 10);
  expect(await pixelReads(page)).toBe(readsPaused);
});

test('when the page is shown again, then the waiting game draws its picture once more', async ({ page }) => {
  const game = await openGame(page, 'breakout');
  expect(await drawsOver(page, 30)).toBe(0);
  await game.setHidden(true);
  expect(await drawsAfter(page, () => game.setHidden(false), 10)).toBeGreaterThan(0);
  expect(await drawsOver(page, 60)).toBe(0);
});

test('when the helicopter waits for the first press, then nothing is drawn; flying, it draws', async ({
  page,
}) => {
  const game = await openGame(page, 'helicopter');
  expect(await drawsOver(page, 60)).toBe(0);
  const waiting = await game.canvas.screenshot();
  expect(await drawsAfter(page, () => page.keyboard.press('Space'), 20)).toBeGreaterThan(0);
  expect(await game.canvas.screenshot()).not.toEqual(waiting);
});

test('when a 2048 board sits between moves, then nothing is drawn; a slide draws, then it rests again', async ({
  page,
}) => {
  const game = await openGame(page, '2048');
  expect(await drawsOver(page, 60)).toBe(0);
  const board = await game.canvas.screenshot();
  // Two tiles: one of the four directions moves at least one of them.
  let moved = false;
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    const drawn = await drawsAfter(page, () => page.keyboard.press(key), 30);
    if (!(await game.canvas.screenshot()).equals(board)) {
      expect(drawn).toBeGreaterThan(0);
      moved = true;
      break;
    }
  }
  expect(moved).toBe(true);
  expect(await drawsOver(page, 60)).toBe(0);
});

for (const id of ['breakout', 'helicopter', '2048'] as const) {
  test(`when /games/${id} opens, then it paints before Phaser starts and nothing moves when the canvas arrives`, async ({
    page,
  }) => {
    const game = await openGame(page, id);
    // A load of its own, so the paint and the marks are this page's.
    await page.reload();
    await game.waitToLoad();
    await page.waitForFunction(() => performance.getEntriesByName('game-first-frame').length > 0);
    const order = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      create: performance.getEntriesByName('game-create')[0]?.startTime ?? NaN,
    }));
    expect(order.paint).toBeLessThan(order.create);
    await frames(page, 10);
    expect(await page.evaluate(() => (window as unknown as Counters).__shifts)).toEqual([]);
  });
}
