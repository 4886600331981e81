// The game catalogue: which games a player can open at their XP, what the rest still need, and
// the lives they have to play with.
import { expect, test } from './fixtures';
import { GamesPage } from './pages/games-page';
import { routeUrl } from '../support/browser/users';

test.describe('a new player with 120 XP and 2 lives', () => {
  test.use({
    session: 'signed-in',
    progress: { user_xp: '120', userLives: '2', userGoal: 'Track Spending' },
  });

  test('when they open Games, then Breakout and the matcher play and the others show their locks', async ({
    page,
  }) => {
    const games = new GamesPage(page);
    await games.goto();

    await expect(games.lives).toHaveText(/^\W*Lives Remaining: 2$/);
    for (const title of ['Breakout', 'Category Matcher']) {
      await expect(games.play(title)).toBeVisible();
    }
    await expect(games.card('Helicopter')).toContainText('Unlock at Level 3 (300 XP)');
    await expect(games.card('Helicopter')).toContainText('180 XP to go');
    await expect(games.card('2048')).toContainText('Unlock at Level 5 (1000 XP)');
    await expect(games.card('2048')).toContainText('880 XP to go');
    await expect(games.play('Helicopter')).toHaveCount(0);
    await expect(games.play('2048')).toHaveCount(0);

    await games.play('Category Matcher').click();
    await expect(page).toHaveURL(routeUrl('/games/category-matcher'));
  });
});

test.describe('a new player with 0 XP', () => {
  test.use({ session: 'signed-in' });

  for (const address of ['/#/games/2048/', '/#/games/HELICOPTER', '/#/Games/Helicopter/']) {
    test(`when they type ${address}, then the locked game does not open and they land on Games`, async ({
      page,
    }) => {
      await page.goto(address);
      await expect(page).toHaveURL(routeUrl('/games'));
      await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
      await expect(page.locator('canvas')).toHaveCount(0);
    });
  }
});

test.describe('a new player with no lives', () => {
  test.use({ session: 'signed-in' });

  test('when they open Games and Breakout, then the real costs are said and the quickest quest to earn lives is offered', async ({
    page,
  }) => {
    const games = new GamesPage(page);
    await games.goto();
    await expect(
      page.getByText(
        'Helicopter and 2048 cost 1 life a game; Breakout costs 1 life per missed ball. Earn lives by completing quests.',
      ),
    ).toBeVisible();
    await games.play('Breakout').click();
    await expect(page.getByText('Costs 1 life per missed ball')).toBeVisible();
    const help = page.getByRole('region', { name: 'Earn lives' });
    await expect(help).toContainText(
      'Out of lives. The quickest way back: the Financial Guru quest earns 5 lives.',
    );
    await help.getByRole('link', { name: 'Start Financial Guru' }).click();
    await expect(page).toHaveURL(routeUrl('/quests/financial-guru-article'));
  });
});

test.describe('a player with 1000 XP', () => {
  test.use({ session: 'signed-in', progress: { user_xp: '1000', userGoal: 'Track Spending' } });

  test('when they open Games, then every game has a Play link and none is locked', async ({ page }) => {
    const games = new GamesPage(page);
    await games.goto();
    for (const title of ['Breakout', 'Helicopter', '2048', 'Category Matcher']) {
      await expect(games.play(title)).toBeVisible();
    }
    await expect(page.getByText(/Unlock at Level/)).toHaveCount(0);
  });
});
