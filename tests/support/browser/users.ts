// Test users made through the API (fast, with the shared register helper) and browser sessions
// seeded before the app starts.
import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD, registerUser, type RegisteredUser } from '../accounts';
import type { Fetcher } from '../http';
import { seedServerProgress } from './server-progress';

export type TestUser = RegisteredUser;

/** The shared Fetcher over Playwright's request context (its base URL and cookies). */
export function requestFetcher(request: APIRequestContext): Fetcher {
  return async (method, path, body, token) => {
    const res = await request.fetch(path, {
      method,
      data: body,
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
    const text = await res.text();
    return { status: res.status(), body: text ? (JSON.parse(text) as unknown) : {} };
  };
}

export const registerViaApi = (request: APIRequestContext, password = PASSWORD): Promise<TestUser> =>
  registerUser(requestFetcher(request), { password });

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
