// Games on a phone and a desktop (issue 25): each canvas takes the room it has, Breakout's paddle
// follows a finger or the mouse anywhere on its panel, P, Escape, the Pause button and a hidden
// tab pause the time-based games (no life lost while paused), and 2048's New Game asks first.
import { expect, test } from './fixtures';
import { PhaserGamePage } from './pages/phaser-game-page';

const PAUSED = 'Paused. Press P or Escape, or Resume, to play on.';

interface Ball {
  x: number;
  y: number;
}
interface BreakoutState {
  status: string;
  ball: Ball;
  paddleX: number;
  paddleWidth: number;
  lostMs: number;
}
interface HelicopterState {
  status: string;
  y: number;
  score: number;
}

test.use({
  session: 'signed-in',
  progress: { user_xp: '1000', userLives: '3', userGoal: 'Track Spending' },
});

test.describe('pause', () => {
  test('when they press P mid-flight, then the helicopter holds still and says Paused until Escape', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, 'helicopter');
    await game.open(7);
    await expect(game.pauseButton).toBeDisabled(); // nothing to pause on the start screen
    await page.keyboard.press('Space');
    await game.step(10);
    await page.keyboard.press('p');
    const paused = await game.state<HelicopterState>();
    await game.step(300); // long enough to have crashed
    expect(await game.state<HelicopterState>()).toEqual(paused);
    await expect(page.getByRole('status').filter({ hasText: PAUSED })).toBeVisible();
    await expect(game.resumeButton).toBeVisible();
    // A press while paused does not fly.
    await page.keyboard.press('Space');
    await game.step(5);
    expect((await game.state<HelicopterState>()).y).toBe(paused.y);

    await page.keyboard.press('Escape');
    await expect(game.message).not.toHaveText(PAUSED);
    await expect(game.pauseButton).toBeEnabled();
    await game.step(10);
    const moving = await game.state<HelicopterState>();
    expect(moving.status).toBe('playing');
    expect(moving.y).not.toBe(paused.y);
  });

  test('when the tab is hidden mid-ball, then Breakout pauses, stays paused when shown, and the button resumes it', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, 'breakout');
    await game.open(3);
    await page.keyboard.press('Space');
    await game.step(20);
    await game.setHidden(true);
    await game.setHidden(false);
    await expect(game.message).toHaveText(PAUSED);
    const paused = await game.state<BreakoutState>();
    expect(paused.status).toBe('playing');
    await game.step(120);
    expect((await game.state<BreakoutState>()).ball).toEqual(paused.ball);

    await game.resumeButton.click(); // a tap on the phone project
    await expect(game.pauseButton).toBeVisible();
    await game.step(10);
    expect((await game.state<BreakoutState>()).ball).not.toEqual(paused.ball);
  });

  test('when Breakout is paused just after a missed ball, then no life goes until it is resumed', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, 'breakout');
    await game.open(3);
    const start = await game.state<BreakoutState>();
    await game.load({ ...start, status: 'lifeLost', lostMs: 500 });
    await game.pauseButton.click();
    await expect(game.message).toHaveText(PAUSED);
    await game.step(600); // ten seconds of frames
    const held = await game.state<BreakoutState>();
    expect(held.status).toBe('lifeLost');
    expect(held.lostMs).toBe(500);

    await page.keyboard.press('P');
    await game.step(31); // the rest of the 1 s
    expect((await game.state<BreakoutState>()).status).toBe('idle');
    await expect(game.message).toContainText('Lives 4.'); // tester mode's stand-in 5 lives, one spent
  });
});

test.describe('Breakout steering', () => {
  test('when a finger or the mouse moves below the canvas, then the paddle follows; sliding off keeps it following', async ({
    page,
  }, info) => {
    const game = new PhaserGamePage(page, 'breakout');
    await game.open(3);
    const canvas = (await game.canvas.boundingBox())!;
    const panel = (await game.panel.boundingBox())!;
    const below = canvas.y + canvas.height + 40;
    expect(below).toBeLessThan(panel.y + panel.height); // still on the panel
    const x = (fraction: number) => canvas.x + canvas.width * fraction;
    const paddleCentre = async () => {
      const s = await game.state<BreakoutState>();
      return s.paddleX + s.paddleWidth / 2;
    };
    /** The paddle's centre in the canvas's own 480 px wide coordinates, for a finger at `fraction`. */
    const expected = (fraction: number, width: number) =>
      Math.min(Math.max(fraction * 480, width / 2), 480 - width / 2);
    const width = (await game.state<BreakoutState>()).paddleWidth;
    // Moves reach the page with the next animation frame: let one pass, then run a game frame.
    const settle = async () => {
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      await game.step(1);
    };

    if (info.project.use.hasTouch) {
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py }],
        });
      await touch('touchStart', x(0.5), below);
      await touch('touchMove', x(0.3), below);
      await touch('touchMove', x(0.2), below);
      await settle();
      expect(await paddleCentre()).toBeCloseTo(expected(0.2, width), 0);
      // Up over the page's header, off the panel: the paddle still follows.
      await touch('touchMove', x(0.5), panel.y - 60);
      await touch('touchMove', x(0.8), panel.y - 60);
      await settle();
      expect(await paddleCentre()).toBeCloseTo(expected(0.8, width), 0);
      await touch('touchEnd', x(0.8), panel.y - 60);
    } else {
      await page.mouse.move(x(0.5), below);
      await page.mouse.move(x(0.25), below, { steps: 4 });
      await settle();
      expect(await paddleCentre()).toBeCloseTo(expected(0.25, width), 0);
      // A drag that starts below the canvas and leaves the panel keeps steering.
      await page.mouse.down();
      await page.mouse.move(x(0.7), panel.y - 60, { steps: 4 });
      await settle();
      expect(await paddleCentre()).toBeCloseTo(expected(0.7, width), 0);
      await page.mouse.up();
    }
    // The press below the canvas launched the ball, as a tap on the canvas does.
    expect((await game.state<BreakoutState>()).status).toBe('playing');
  });
});

test.describe('room on the screen', () => {
  test('when a game opens, then its canvas takes the width or the height there is, above the bottom bar and Add Expense', async ({
    page,
  }, info) => {
    const viewport = page.viewportSize()!;
    const phone = info.project.name === 'phone';
    const breakout = new PhaserGamePage(page, 'breakout');
    await breakout.open(3);
    const wide = (await breakout.canvas.boundingBox())!;
    // Breakout is wider than tall: on a phone it spans the screen (it was 324 px of 390).
    if (phone) expect(wide.width).toBeGreaterThanOrEqual(viewport.width - 1);
    else expect(wide.width).toBeGreaterThanOrEqual(720);
    expect(wide.width / wide.height).toBeCloseTo(1.5, 1);
    // Nothing covers the canvas: the Add Expense button starts below it.
    const fab = (await breakout.addExpense.boundingBox())!;
    expect(wide.y + wide.height).toBeLessThanOrEqual(fab.y);

    const helicopter = new PhaserGamePage(page, 'helicopter');
    await helicopter.open(7);
    const tall = (await helicopter.canvas.boundingBox())!;
    // Helicopter is taller than wide: it takes the height down to the Add Expense button.
    const fab2 = (await helicopter.addExpense.boundingBox())!;
    const floor = phone ? fab2.y : viewport.height;
    expect(tall.y + tall.height).toBeLessThanOrEqual(floor);
    expect(tall.y + tall.height).toBeGreaterThan(floor - 40);
    expect(tall.width / tall.height).toBeCloseTo(2 / 3, 1);
    // Same game world: the tester's state is in the spec's 400x600 coordinates whatever the size.
    await page.keyboard.press('Space');
    await helicopter.step(1);
    expect((await helicopter.state<HelicopterState>()).status).toBe('playing');
  });
});

test.describe('2048', () => {
  test('when they press New Game or N mid-game, then it asks first and only a yes spends a life', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, '2048');
    await game.open();
    const start = await game.message.textContent();
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      await page.keyboard.press(key);
      if ((await game.message.textContent()) !== start) break;
    }
    await expect(game.message).toHaveText(/^Score \d+, best \d+\.$/);
    await expect(game.lives).toHaveText(/Lives Remaining: 2$/);
    const question = page.getByRole('alertdialog', { name: 'Start a new game?' });

    await game.panel.getByRole('button', { name: 'New Game' }).click();
    await expect(question).toBeVisible();
    await expect(question).toContainText('costs 1 life');
    await expect(question.getByRole('button', { name: 'Keep Playing' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep Playing' }).click();
    await expect(question).toHaveCount(0);
    await expect(game.lives).toHaveText(/Lives Remaining: 2$/);

    await page.keyboard.press('n');
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(game.lives).toHaveText(/Lives Remaining: 2$/);

    await page.keyboard.press('n');
    await question.getByRole('button', { name: 'New Game' }).click();
    await expect(question).toHaveCount(0);
    await expect(game.lives).toHaveText(/Lives Remaining: 1$/);
    await expect(game.message).toHaveText(/^Score 0, best \d+\.$/);
  });

  test('when the move that makes 2048 leaves no move, then Continue Playing shows Game Over with one Play Again', async ({
    page,
  }) => {
    const game = new PhaserGamePage(page, '2048');
    await game.open(42);
    const start = await game.state<object>();
    const dead = [
      [2048, 4, 2, 4],
      [4, 8, 16, 2],
      [8, 16, 32, 4],
      [16, 32, 64, 8],
    ];
    await game.load({ ...start, board: dead, status: 'won', score: 2400, best: 2400 });
    await game.panel.getByRole('button', { name: 'Continue Playing' }).click();
    await expect(game.message).toContainText('Game Over!');
    await expect(game.panel.getByText('Game Over!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Again' })).toHaveCount(1);
    await expect(game.panel.getByText('Score', { exact: true })).toBeVisible();
    await expect(game.panel.getByText('Best', { exact: true })).toBeVisible();
  });
});
