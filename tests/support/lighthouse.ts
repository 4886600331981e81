// Lighthouse (the npm package, no download) on Debian's Chromium through puppeteer-core, shared by
// the browser test that asserts accessibility, best practices and SEO on every route
// (tests/e2e/outside-audit/lighthouse.spec.ts) and the bench suite that records the scores and Core
// Web Vitals (bench/lighthouse.ts). One browser signs in once: its local storage keeps the token,
// and Lighthouse is told not to clear it between pages.
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { launchOptions } from '../../playwright.config';

export interface AuditBrowser {
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * A Chromium whose one tab has `storage` in the origin's local storage (a token signs it in): the
 * full browser the benches use, or the one given (the browser tests' headless shell).
 * Service workers are left alone: Lighthouse's own run does not keep one between pages when
 * storage is kept, and the app registers its worker only after it has started.
 */
export async function openAuditBrowser(
  origin: string,
  storage: Record<string, string> = {},
  executablePath: string = launchOptions.executablePath,
): Promise<AuditBrowser> {
  const browser = await puppeteer.launch({
    // The flags the browser tests use (playwright.config.ts).
    executablePath,
    headless: true,
    args: launchOptions.args,
  });
  const page = await browser.newPage();
  if (Object.keys(storage).length > 0) {
    // A static file of the app's origin, so storing runs no app code.
    await page.goto(`${origin}/manifest.webmanifest`);
    await page.evaluate((values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    }, storage);
  }
  return { browser, page, close: () => browser.close() };
}

export type Preset = 'mobile' | 'desktop';
export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

export interface AuditOptions {
  preset: Preset;
  categories: readonly Category[];
  /** Keep local storage (the signed-in token) and the cache between pages. */
  keepStorage: boolean;
  /**
   * Empty the browser's HTTP cache (V8's code cache with it), the service worker and its caches
   * before the page, keeping local storage: a signed-in page is then audited as a first visit
   * is, like a visitor's page.
   */
  coldCache?: boolean;
}

/**
 * Without the performance category nothing is timed, so the waits for a quiet page are short
 * (Lighthouse's own are 5 s each when not simulating); with it, Lighthouse's defaults stand.
 */
function config(opts: AuditOptions): Config {
  const base: Config = opts.preset === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' };
  const quick = !opts.categories.includes('performance');
  return {
    ...base,
    settings: {
      ...base.settings,
      onlyCategories: [...opts.categories],
      ...(quick
        ? { pauseAfterFcpMs: 0, pauseAfterLoadMs: 0, networkQuietThresholdMs: 500, cpuQuietThresholdMs: 500 }
        : {}),
    },
  };
}

/**
 * One Lighthouse navigation of `url` in the browser's tab; throws when the page could not be
 * audited three times running. On this loaded machine Lighthouse now and then fails to record a
 * trace it can read (NO_NAVSTART) or the paint in it (NO_FCP, with the static shell painted
 * before any script runs): a failure of the tool's recording, tried again; a page that never
 * paints still fails.
 */
export async function audit(b: AuditBrowser, url: string, opts: AuditOptions): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(b, url, opts);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`  ${url}: ${err instanceof Error ? err.message : String(err)}; again`);
    }
  }
}

async function auditOnce(b: AuditBrowser, url: string, opts: AuditOptions): Promise<Result> {
  if (opts.coldCache) {
    const cdp = await b.page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // The app's service worker precaches its scripts: it and its caches go too.
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.detach();
  }
  const flags: Flags = {
    disableStorageReset: opts.keepStorage,
    disableFullPageScreenshot: true,
    logLevel: 'error',
  };
  const run = await lighthouse(url, flags, config(opts), b.page);
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = run.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** A category's score as Lighthouse shows it (0 to 100). */
export const score = (lhr: Result, category: Category): number =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The failing audits of a category, each with the elements or messages it names, for a report. */
export function failures(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0)
    .map((r) => lhr.audits[r.id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => {
      const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      const named = items.slice(0, 5).map((item) => {
        const node = item.node as { selector?: string; snippet?: string } | undefined;
        return node?.selector ?? node?.snippet ?? String(item.description ?? item.url ?? item.source ?? '');
      });
      return `${a.id}: ${a.title}${named.length ? ` (${named.join('; ')})` : ''}`;
    });
}
