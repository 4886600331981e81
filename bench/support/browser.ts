// Chromium for the page benchmarks (Debian's, through playwright.config.ts's launch options) and
// the signed-in, sandbox-linked user they open the app as.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { launchOptions } from '../../playwright.config';
import { fetcher } from '../../tests/support/http';
import {
  linkSandboxBank,
  registerUser,
  sandboxKeysFromEnv,
  syncUntilReady,
} from '../../tests/support/accounts';
import type { ServerProcess } from './server-process';

export const launch = (): Promise<Browser> => chromium.launch(launchOptions);

/** A new user on `server` with the local sandbox's bank linked and synced; answers the token. */
export async function sandboxLinkedUser(server: ServerProcess): Promise<string> {
  const call = fetcher(() => server.url);
  const { token } = await registerUser(call);
  await linkSandboxBank(call, token, sandboxKeysFromEnv(server.env));
  await syncUntilReady(call, token);
  return token;
}

export interface Visitor {
  /** Signed in (the token in local storage) as a returning user who finished onboarding. */
  token?: string;
  /** The signed-in user's XP (the games open from their unlock levels on). */
  xp?: number;
  viewport?: { width: number; height: number };
}

/**
 * A fresh context (empty cache and storage) for one visit. Service workers are blocked: the app
 * registers one 1 s after start, and its precaching would fetch scripts that the page did not ask for.
 */
export async function freshContext(browser: Browser, visitor: Visitor = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: visitor.viewport ?? { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  if (visitor.token)
    await context.addInitScript(
      ({ token, xp }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('onboarding_completed', 'true');
        localStorage.setItem('userGoal', 'Track Spending');
        localStorage.setItem('userLives', '5');
        if (xp !== undefined) localStorage.setItem('user_xp', String(xp));
      },
      { token: visitor.token, xp: visitor.xp },
    );
  return context;
}

/** What shows that a route has rendered. */
export async function routeShown(page: Page, route: string, timeout = 60_000): Promise<void> {
  if (route.startsWith('/#/games/')) {
    await page.waitForFunction(() => performance.getEntriesByName('game-first-frame').length > 0, null, {
      timeout,
    });
  } else if (route === '/#/login') {
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout });
  } else {
    const title = route === '/#/home' ? 'Home' : 'Quests';
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout });
  }
}
