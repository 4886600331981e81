// The server referees the game economy (issue 22): a player plays the loop honestly on one device
// and finds the same XP and lives on another; a claim the server did not count is said plainly.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { onFreshDevice } from '../support/browser/devices';
import { PhaserGamePage } from './pages/phaser-game-page';
import { storageValue } from '../support/browser/users';
import { tokenUserId } from '../support/accounts';
import { GAME_LIMITS } from '../../server/services/game-limits';

interface ServerProgress {
  xp: number;
  lives: number;
  history: { text: string }[];
}

async function serverProgress(request: APIRequestContext, token: string): Promise<ServerProgress> {
  const res = await request.get('/api/progress', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerProgress;
}

/**
 * Breakout's win, claimed as the game's bridge claims it (an event in the progress outbox, sent
 * at once): playing all 35 bricks by hand is out of a test's reach, and the claim is what the
 * server judges.
 */
async function claimBreakoutWin(page: Page, token: string): Promise<void> {
  await page.evaluate(
    (owner) => {
      const list = JSON.parse(localStorage.getItem('progress_outbox') ?? '[]') as unknown[];
      list.push({
        owner,
        event: { id: crypto.randomUUID(), at: Date.now(), type: 'game-reward', kind: 'breakout-win' },
      });
      localStorage.setItem('progress_outbox', JSON.stringify(list));
      window.dispatchEvent(new Event('online'));
    },
    String(tokenUserId(token)),
  );
}

test.describe('a player who plays the loop honestly', () => {
  test.use({ session: 'signed-in' });

  test('when a quest pays lives, Breakout spends one and a win pays, then a fresh device shows the same XP and lives', async ({
    page,
    browser,
    request,
    user,
    quests,
  }) => {
    // A quest pays lives: Track Spending's budget (3 lives, 50 XP; Budget Master 100 XP).
    await quests.goto();
    await quests.start('Track Spending');
    const dialog = quests.dialog('Track Spending');
    await dialog.getByLabel('Income').fill('2000');
    await dialog.getByLabel('How often are you paid?').selectOption({ label: 'Monthly' });
    await dialog.getByRole('button', { name: 'Save Budget' }).click();
    await expect
      .poll(async () => {
        const p = await serverProgress(request, user.token);
        return { xp: p.xp, lives: p.lives };
      })
      .toEqual({ xp: 150, lives: 3 });

    // A game spends one: the ball is launched with the paddle at the far left, and comes back
    // down on the right, past it (Breakout spends a life per missed ball).
    const breakout = new PhaserGamePage(page, 'breakout');
    await breakout.open();
    const box = (await breakout.canvas.boundingBox())!;
    await page.mouse.click(box.x + 2, box.y + box.height - 5);
    await expect(breakout.lives).toHaveText(/Lives Remaining: 2/, { timeout: 20_000 });
    await expect
      .poll(async () => (await serverProgress(request, user.token)).history.map((h) => h.text))
      .toContain('\u22121 life \u00b7 Breakout: ball missed');
    // The launch's play event went to the server with or before the missed ball's, so the server
    // had seen the play by now (on its own clock, which judges the win).
    const playSeenBy = Date.now();

    // Once the ball could have cleared 35 bricks since that play (the referee's bound) the win is
    // claimed, and paid. Counted from the launch click instead, the claim was refused now and then:
    // the app sends its events a second after the last one, so the server may see the play later.
    await page.waitForTimeout(Math.max(0, playSeenBy + GAME_LIMITS.breakoutMinClearMs + 500 - Date.now()));
    await claimBreakoutWin(page, user.token);
    await expect.poll(async () => (await serverProgress(request, user.token)).lives).toBe(5);
    await expect.poll(() => storageValue(page, 'userLives')).toBe('5');
    const final = await serverProgress(request, user.token);
    expect(final.history[0]!.text).toBe('+3 lives \u00b7 Breakout cleared');

    // A second, fresh device: the same XP (+10 for the day's sign-in) and lives.
    await onFreshDevice(browser, page, user, async (fresh) => {
      await expect.poll(() => storageValue(fresh, 'user_xp')).toBe(String(final.xp + 10));
      expect(await storageValue(fresh, 'userLives')).toBe('5');
      await expect(fresh.getByText('Lives Remaining: 5')).toBeVisible();
    });
  });
});

test.describe('a player whose claim is not counted', () => {
  test.use({ session: 'signed-in', progress: { user_xp: '0', userGoal: 'Track Spending', userLives: '2' } });

  test('when a Breakout win is claimed the moment the game starts, then a notice says it was not counted and no lives are paid', async ({
    page,
    request,
    user,
  }) => {
    const breakout = new PhaserGamePage(page, 'breakout');
    await breakout.open();
    await breakout.canvas.click();
    // The launch reaches the server (it costs no life), then the win is claimed at once.
    await expect.poll(() => storageValue(page, 'progress_outbox')).toBeNull();
    await claimBreakoutWin(page, user.token);
    await expect(
      page.getByText('Not counted: A win needs the time to clear every brick after a start the server saw'),
    ).toBeVisible();
    await expect.poll(async () => (await serverProgress(request, user.token)).lives).toBe(2);
    expect(await storageValue(page, 'userLives')).toBe('2');
  });
});
