// The browser tests' fixtures: who opens the app (a visitor, a registered user who is signed out,
// a signed-in user, or one whose bank is linked), what this browser already stores, and the page
// objects. A spec picks the session with `test.use({ session })` and then reads as the journey.
import { test as base, type Page } from '@playwright/test';
import { ExpenseModal } from './pages/expense-modal';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { OnboardingDialog } from './pages/onboarding-dialog';
import { PlaidLinkPage } from './pages/plaid-link-page';
import { ProfilePage } from './pages/profile-page';
import { QuestsPage } from './pages/quests-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { TransactionsPage } from './pages/transactions-page';
import { linkBankViaApi } from '../support/browser/bank';
import { registerViaApi, seedStorage, type TestUser } from '../support/browser/users';
import { seedServerProgress } from '../support/browser/server-progress';

/**
 * - `visitor`: no account, nothing stored.
 * - `signed-out`: a registered user who finished onboarding on this browser, which keeps their
 *   `progress` but no token: they have to sign in.
 * - `signed-in`: the same user with their token stored, so the app starts signed in.
 * - `bank-linked`: signed in, with First Platypus Bank linked through the local Plaid sandbox
 *   (user_good) and its transactions synced once.
 */
export type Session = 'visitor' | 'signed-out' | 'signed-in' | 'bank-linked';

interface Options {
  session: Session;
  /** Local storage from earlier visits, in place when the app first starts (not with `visitor`). */
  progress: Record<string, string>;
}

interface Fixtures {
  /** The test's registered user; a `visitor` session has none. */
  user: TestUser;
  home: HomePage;
  transactions: TransactionsPage;
  profile: ProfilePage;
  quests: QuestsPage;
  login: LoginPage;
  register: RegisterPage;
  forgotPassword: ForgotPasswordPage;
  resetPassword: ResetPasswordPage;
  expenseModal: ExpenseModal;
  plaidLink: PlaidLinkPage;
  onboarding: OnboardingDialog;
}

interface Internal {
  /** Made before the page, so the browser can be seeded with its token. */
  account: TestUser | null;
}

const pageObject =
  <T>(PageObject: new (page: Page) => T) =>
  async ({ page }: { page: Page }, provide: (po: T) => Promise<void>) => {
    await provide(new PageObject(page));
  };

// Each fixture hands its value to `provide` (Playwright calls it `use`; that name trips the React
// hooks lint rule).
export const test = base.extend<Options & Fixtures & Internal>({
  session: ['visitor', { option: true }],
  // A user who has finished onboarding and has no XP yet.
  progress: [{ user_xp: '0', userGoal: 'Track Spending' }, { option: true }],

  account: async ({ session, request }, provide) => {
    if (session === 'visitor') return provide(null);
    const account = await registerViaApi(request);
    if (session === 'bank-linked') await linkBankViaApi(request, account.token);
    await provide(account);
  },

  user: async ({ account, session }, provide) => {
    if (!account) throw new Error(`No user in a '${session}' session: test.use({ session: 'signed-in' })`);
    await provide(account);
  },

  page: async ({ page, account, session, progress }, provide) => {
    if (account) {
      const stored: Record<string, string> = { onboarding_completed: 'true', ...progress };
      // The server referees progress: the player's earlier history is the server's, and the
      // browser's copy mirrors it.
      await seedServerProgress(account.token, stored);
      if (session !== 'signed-out') stored.token = account.token;
      await seedStorage(page, stored);
    }
    await provide(page);
  },

  home: pageObject(HomePage),
  transactions: pageObject(TransactionsPage),
  profile: pageObject(ProfilePage),
  quests: pageObject(QuestsPage),
  login: pageObject(LoginPage),
  register: pageObject(RegisterPage),
  forgotPassword: pageObject(ForgotPasswordPage),
  resetPassword: pageObject(ResetPasswordPage),
  expenseModal: pageObject(ExpenseModal),
  plaidLink: pageObject(PlaidLinkPage),
  onboarding: pageObject(OnboardingDialog),
});

export { expect } from '@playwright/test';
