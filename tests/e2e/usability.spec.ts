// Usability fixes (issue 8) seen as a new user would: field errors on the field at fault,
// notices that leave the page's buttons free, a level card that agrees with itself, wayfinding,
// the profile's danger zone and the desktop layout.
import { expect, test } from './fixtures';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { waitForResetLink } from '../support/browser/outbox';

test.describe('field errors name their field', () => {
  test('when the passwords differ on register, then only the confirmation is invalid, described by the message, and focused', async ({
    register,
  }) => {
    await register.goto();
    await register.register(uniqueEmail(), PASSWORD, `${PASSWORD}x`);

    await expect(register.confirmPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(register.confirmPassword).toHaveAccessibleDescription('Passwords do not match');
    await expect(register.confirmPassword).toBeFocused();
    await expect(register.email).not.toHaveAttribute('aria-invalid');
    await expect(register.password).not.toHaveAttribute('aria-invalid');
  });

  test('when register is sent empty, then each empty field is invalid and the first is focused', async ({
    register,
  }) => {
    await register.goto();
    await register.password.fill(PASSWORD);
    await register.submit.click();

    await expect(register.error).toHaveText('All fields are required');
    await expect(register.email).toHaveAttribute('aria-invalid', 'true');
    await expect(register.confirmPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(register.password).not.toHaveAttribute('aria-invalid');
    await expect(register.email).toBeFocused();
  });

  test('when the e-mail is not an address, then the e-mail alone is invalid and says why next to it', async ({
    register,
  }) => {
    await register.goto();
    await register.register('not-an-email', PASSWORD);

    await expect(register.email).toHaveAttribute('aria-invalid', 'true');
    await expect(register.email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(register.confirmPassword).not.toHaveAttribute('aria-invalid');
    // The message sits right under its field, not at the bottom of the form.
    const field = await register.email.boundingBox();
    const message = await register.error.boundingBox();
    expect(message!.y).toBeGreaterThanOrEqual(field!.y + field!.height);
    expect(message!.y).toBeLessThan(field!.y + field!.height + 40);
  });

  test('when login is sent without a password, then the password alone is invalid and focused', async ({
    login,
  }) => {
    await login.goto();
    await login.email.fill(uniqueEmail());
    await login.submit.click();

    await expect(login.password).toHaveAttribute('aria-invalid', 'true');
    await expect(login.password).toHaveAccessibleDescription('Please enter both email and password');
    await expect(login.password).toBeFocused();
    await expect(login.email).not.toHaveAttribute('aria-invalid');
  });

  test('when the sign-in is refused, then the message is for the form and no field is marked', async ({
    login,
  }) => {
    await login.goto();
    await login.signIn(uniqueEmail(), PASSWORD);

    await expect(login.error).toHaveText('Invalid email or password');
    await expect(login.email).not.toHaveAttribute('aria-invalid');
    await expect(login.password).not.toHaveAttribute('aria-invalid');
  });

  test('when the new passwords differ on reset, then only the confirmation is invalid', async ({
    resetPassword,
  }) => {
    await resetPassword.treatLinkAsFresh();
    await resetPassword.open('a'.repeat(64));
    await resetPassword.reset(PASSWORD, `${PASSWORD}x`);

    await expect(resetPassword.confirmPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(resetPassword.confirmPassword).toHaveAccessibleDescription('Passwords do not match');
    await expect(resetPassword.newPassword).not.toHaveAttribute('aria-invalid');
  });
});

/** Local calendar day `offset` days from today, as the app stores it. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('notices do not cover controls', () => {
  const BUDGET_PRO = 'Achievement Unlocked: Budget Pro! You earned 100 XP for using the app for 30 days!';
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '5',
      userGoal: 'Track Spending',
      daily_usage_dates: JSON.stringify(Array.from({ length: 29 }, (_, i) => day(-1 - i * 2))),
    },
  });

  test('when an achievement is announced on Home, then it covers neither the title, the header buttons, Add Expense nor the navigation, and it leaves after 8 s', async ({
    page,
    home,
  }) => {
    await page.clock.install();
    await page.goto('/#/home');
    const notice = home.notice(BUDGET_PRO);
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('aria-live', 'polite');
    await expect(home.heading('Home')).toBeVisible();

    const noticeBox = (await notice.boundingBox())!;
    const controls = [
      home.heading('Home'),
      ...(await page.getByRole('main').locator('header').getByRole('button').all()),
      ...(await page.getByRole('button', { name: 'Enter Expense' }).all()),
      home.addExpense,
      ...(await home.nav.getByRole('link').all()),
    ];
    for (const control of controls) {
      const box = await control.boundingBox();
      expect(box, `${await control.textContent()} is on screen`).not.toBeNull();
      expect(overlaps(noticeBox, box!), `the notice covers ${await control.textContent()}`).toBe(false);
    }

    await page.clock.runFor(8_000);
    await expect(notice).toHaveCount(0);
  });
});

test.describe('an error notice', () => {
  test.use({ session: 'signed-in' });

  test('when deleting the account fails, then the error stays until it is dismissed', async ({
    page,
    profile,
  }) => {
    await page.clock.install();
    await page.route('**/api/auth/account', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await profile.goto();
    await profile.deleteAccountConfirmed();
    const notice = profile.notice('Failed to delete account. Please try again.');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('aria-live', 'assertive');

    await page.clock.runFor(60_000);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('the level card agrees with itself', () => {
  test.use({ session: 'signed-in', progress: { user_xp: '179', userGoal: 'Track Spending' } });

  test('when the user has 179 XP, then the label, the bar and its fill all say 79 of 200 XP to Level 3, and the total is shown apart', async ({
    profile,
  }) => {
    await profile.goto();
    const card = profile.page.getByRole('region', { name: 'Savings Scout' });
    const label = card.getByText(/^\d[\d,]*\/[\d,]+ to /);
    await expect(label).toHaveText('79/200 to Level 3');
    await expect(card.getByText('179 XP', { exact: true })).toBeVisible();

    const [done, needed] = ((await label.textContent()) ?? '')
      .match(/[\d,]+/g)!
      .map((n) => n.replace(',', ''));
    await expect(profile.xpBar).toHaveAttribute('aria-valuemin', '0');
    await expect(profile.xpBar).toHaveAttribute('aria-valuenow', done);
    await expect(profile.xpBar).toHaveAttribute('aria-valuemax', needed);
    // The drawn fill is the same share of the bar.
    const bar = (await profile.xpBar.boundingBox())!;
    const fill = (await profile.xpBar.locator('span').boundingBox())!;
    expect(fill.width / bar.width).toBeCloseTo(Number(done) / Number(needed), 1);
  });
});

test.describe('touch navigation', () => {
  test.use({ session: 'signed-in' });

  test('after tapping a tab and moving on, that tab looks like the other inactive tabs unless a pointer still hovers it', async ({
    page,
    quests,
    home,
  }) => {
    await quests.goto();
    await quests.navLink('Games').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Leave Games without touching another tab, as a page button would.
    await page.evaluate(() => (window.location.hash = '#/home'));
    await home.waitToLoad();

    const color = (label: 'Games' | 'Matcher') =>
      home.navLink(label).evaluate((el) => getComputedStyle(el).color);
    const canHover = await page.evaluate(() => matchMedia('(hover: hover)').matches);
    await expect(home.navLink('Games')).not.toHaveAttribute('aria-current');
    if (canHover) expect(await color('Games')).not.toBe(await color('Matcher'));
    else expect(await color('Games')).toBe(await color('Matcher'));
  });
});

test.describe('the profile', () => {
  test.use({ session: 'signed-in' });

  test('Delete Account comes last, after the legal links, in a separate danger zone', async ({
    page,
    profile,
  }) => {
    await profile.goto();
    const danger = page.getByRole('region', { name: 'Danger zone' });
    await expect(danger.getByRole('button', { name: 'Delete Account' })).toBeVisible();
    // Last of the page's controls in reading order, and below the legal links on screen.
    const controls = page.getByRole('main').locator('a, button');
    await expect(controls.last()).toHaveText('Delete Account');
    const legal = (await page.getByRole('navigation', { name: 'Legal' }).boundingBox())!;
    const zone = (await danger.boundingBox())!;
    expect(zone.y).toBeGreaterThanOrEqual(legal.y + legal.height);
  });

  test('with no bank linked, the bank card offers to connect one and keeps Disconnect disabled', async ({
    profile,
    plaidLink,
  }) => {
    await profile.goto();
    await expect(profile.bankCard.getByText('No bank account connected.', { exact: false })).toBeVisible();
    await expect(profile.disconnect).toBeDisabled();
    await profile.bankCard.getByRole('button', { name: 'Connect Bank Account', exact: true }).click();
    await plaidLink.waitToOpen();
  });
});

test.describe('wayfinding', () => {
  test('each screen names itself in the document title', async ({ page, login, register }) => {
    await login.goto();
    await expect(page).toHaveTitle('Sign In · Budget Quest');
    await register.goto();
    await expect(page).toHaveTitle('Create Account · Budget Quest');
  });

  test.describe('signed in', () => {
    test.use({ session: 'signed-in' });

    test('the signed-in pages name themselves too, and the error page offers the way Home', async ({
      page,
      home,
      profile,
    }) => {
      await home.goto();
      await expect(page).toHaveTitle('Home · Budget Quest');
      await profile.goto();
      await expect(page).toHaveTitle('Profile · Budget Quest');

      await page.goto('/#/no-such-page');
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
      await expect(page).toHaveTitle('Error · Budget Quest');
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await home.waitToLoad();
    });
  });

  test('when a visitor opens a page that does not exist, then the error page offers Sign in', async ({
    page,
    login,
  }) => {
    await page.goto('/#/no-such-page');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await login.waitToLoad();
  });

  test.describe('a reset link that was already used', () => {
    test.use({ session: 'signed-out' });

    test('when it is opened again, then it says so at once, with no password fields to fill', async ({
      page,
      user,
      forgotPassword,
      resetPassword,
    }) => {
      await forgotPassword.goto();
      await forgotPassword.requestLink(user.email);
      const link = await waitForResetLink(user.email);
      await page.goto(link);
      await resetPassword.waitToLoad();
      await resetPassword.reset('brand-new-pass');
      await expect(resetPassword.successHeading).toBeVisible();

      await page.goto('about:blank');
      await page.goto(link);
      await expect(
        page.getByRole('alert').filter({ hasText: 'This reset link has already been used or has expired.' }),
      ).toBeVisible();
      await expect(resetPassword.newPassword).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible();
    });
  });
});

test.describe('the layout', () => {
  test.use({ session: 'signed-in' });

  test('from 1024 px the navigation is at the side and Add Expense sits at the content column corner; on a phone the tab bar stays at the bottom', async ({
    page,
    profile,
  }) => {
    await profile.goto();
    const viewport = page.viewportSize()!;
    const nav = (await profile.nav.boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    const fab = (await profile.addExpense.boundingBox())!;

    if (viewport.width >= 1024) {
      expect(nav.x).toBe(0);
      expect(nav.height).toBeGreaterThanOrEqual(viewport.height - 1);
      expect(nav.x + nav.width).toBeLessThanOrEqual(main.x);
      // The button's right edge is at the content column's, not the window's.
      expect(fab.x + fab.width).toBeLessThanOrEqual(main.x + main.width + 1);
      expect(viewport.width - (fab.x + fab.width)).toBeGreaterThan(40);
    } else {
      expect(nav.y + nav.height).toBeCloseTo(viewport.height, 0);
      expect(nav.width).toBeCloseTo(viewport.width, 0);
      expect(fab.y + fab.height).toBeLessThanOrEqual(nav.y);
    }

    // Scrolled to the end, the page's last control is clear of the floating button.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = (await page
      .getByRole('main')
      .getByRole('button', { name: 'Delete Account' })
      .boundingBox())!;
    const fabNow = (await profile.addExpense.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(fabNow.y);
  });
});

test.describe('naming', () => {
  test.use({ session: 'signed-in' });

  test("the 'Matcher' tab opens the page titled Transactions, its sections headed one level below", async ({
    page,
    quests,
    transactions,
  }) => {
    await quests.goto();
    await quests.navLink('Matcher').click();
    await transactions.waitToLoad();
    await expect(transactions.heading('Transactions')).toBeVisible();
    await expect(page).toHaveTitle('Transactions · Budget Quest');
    await expect(transactions.navLink('Matcher')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  });
});
