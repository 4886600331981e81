// Issue 33, what outside auditors see: Lighthouse's accessibility, best-practices and SEO
// categories score 100 on every route of the app, public and signed-in, as a new user and as one
// whose bank is linked. These categories do not depend on timing (performance is measured by
// `npm run bench -- lighthouse`, never asserted here). One Chromium per kind of user signs in once
// and Lighthouse keeps its storage from page to page. It runs in one project only: the audit
// emulates its own phone.
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { testLaunchOptions } from '../../../playwright.config';
import { PUBLIC_PAGE_FILES } from '../../../src/app/route-files';
import { SIGNED_IN_PAGE_FILES } from '../../../src/app/signed-in-page-files';
import { ROUTES } from '../../../src/lib/routes';
import {
  audit,
  failures,
  openAuditBrowser,
  score,
  type AuditBrowser,
  type Category,
} from '../../support/lighthouse';
import { expect, test } from '../fixtures';
import { linkBankViaApi } from '../../support/browser/bank';
import { seedServerProgress } from '../../support/browser/server-progress';
import { registerViaApi } from '../../support/browser/users';

/** The browser tests' Chromium (Debian's headless shell where installed). */
const BROWSER = testLaunchOptions.executablePath;

const CATEGORIES: readonly Category[] = ['accessibility', 'best-practices', 'seo'];

/** Each page once: the router's `/quests` is the same page as `/`. */
const unique = (files: Record<string, string>) =>
  Object.keys(files).filter((path) => path !== ROUTES.questsAlias);

const PUBLIC_ROUTES = unique(PUBLIC_PAGE_FILES);
const SIGNED_IN_ROUTES = unique(SIGNED_IN_PAGE_FILES);
/** The pages whose content a linked bank changes. */
const BANK_ROUTES = [
  ROUTES.quests,
  ROUTES.home,
  ROUTES.transactions,
  ROUTES.profile,
  '/games/category-matcher',
];

/** A returning player with every game unlocked and lives to play. */
const PROGRESS = {
  onboarding_completed: 'true',
  user_xp: '1029',
  userLives: '5',
  userGoal: 'Track Spending',
};

async function signedInStorage(request: APIRequestContext, linked: boolean): Promise<Record<string, string>> {
  const user = await registerViaApi(request);
  if (linked) await linkBankViaApi(request, user.token);
  await seedServerProgress(user.token, PROGRESS);
  return { ...PROGRESS, token: user.token };
}

async function auditRoutes(b: AuditBrowser, origin: string, routes: string[], keepStorage: boolean) {
  const problems: string[] = [];
  for (const route of routes) {
    const lhr = await audit(b, `${origin}/#${route}`, {
      preset: 'mobile',
      categories: CATEGORIES,
      keepStorage,
    });
    // A signed-in page that sent its user to sign in was not audited at all.
    if (keepStorage) expect(lhr.finalDisplayedUrl, `${route} stayed signed in`).not.toContain('#/login');
    for (const c of CATEGORIES) {
      if (score(lhr, c) < 100)
        problems.push(`${route} ${c} ${score(lhr, c)}: ${failures(lhr, c).join(' | ')}`);
    }
  }
  return problems;
}

const onePreset = (info: TestInfo) =>
  test.skip(info.project.name !== 'phone', 'Lighthouse emulates its own phone');

test.describe('Lighthouse on every route', () => {
  test.describe.configure({ timeout: 300_000 });

  test('when a visitor opens each public page, then accessibility, best practices and SEO are 100', async ({
    baseURL,
  }, info) => {
    onePreset(info);
    const b = await openAuditBrowser(baseURL!, {}, BROWSER);
    try {
      expect(await auditRoutes(b, baseURL!, PUBLIC_ROUTES, false)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  test('when a new user opens each signed-in page, then accessibility, best practices and SEO are 100', async ({
    baseURL,
    request,
  }, info) => {
    onePreset(info);
    const b = await openAuditBrowser(baseURL!, await signedInStorage(request, false), BROWSER);
    try {
      expect(await auditRoutes(b, baseURL!, SIGNED_IN_ROUTES, true)).toEqual([]);
    } finally {
      await b.close();
    }
  });

  test('when a user with a linked bank opens the pages it fills, then accessibility, best practices and SEO are 100', async ({
    baseURL,
    request,
  }, info) => {
    onePreset(info);
    const b = await openAuditBrowser(baseURL!, await signedInStorage(request, true), BROWSER);
    try {
      expect(await auditRoutes(b, baseURL!, BANK_ROUTES, true)).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
