// Test users made through the API (fast) and browser sessions seeded before the app starts.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { seedServerProgress } from './server-progress';

export const PASSWORD = 'secret123';

export function uniqueEmail(tag = 'u'): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
}

export async function registerViaApi(request: APIRequestContext, password = PASSWORD): Promise<TestUser> {
  const email = uniqueEmail();
  const res = await request.post('/api/auth/register', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  return { email, password, token };
}

/**
 * Puts `values` into local storage before the app's first script runs, once per tab (a flag in
 * session storage stops later reloads from writing them again, e.g. after a logout).
 */
export async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((v) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    for (const [k, val] of Object.entries(v)) localStorage.setItem(k, val);
    sessionStorage.setItem('e2e-seeded', '1');
  }, values);
}

/** A signed-in returning user (onboarding done) with extra stored progress. */
export async function seedSession(
  page: Page,
  token: string,
  extra: Record<string, string> = {},
): Promise<void> {
  await seedServerProgress(token, { onboarding_completed: 'true', ...extra });
  await seedStorage(page, { token, onboarding_completed: 'true', ...extra });
}

export async function storageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Writes local storage and reloads so the app reads it on start. */
export async function setStorageAndReload(page: Page, values: Record<string, string>): Promise<void> {
  // The app mirrors the server's progress: the server gets the same history first, so an answer
  // the open page is still mirroring cannot write the old figures back before the reload.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token) await seedServerProgress(token, values);
  await page.evaluate((v) => {
    for (const [k, val] of Object.entries(v)) localStorage.setItem(k, val);
  }, values);
  await page.reload();
}

export function routeUrl(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`#${escaped}(\\?.*)?$`);
}
