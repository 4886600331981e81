// The two other engines the cross-browser journey drives, behind one small interface: Firefox ESR
// (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi, and WebKitGTK (Safari's engine
// family) through selenium-webdriver, Debian's WebKitWebDriver and its MiniBrowser under xvfb-run.
// Elements are found in the page by role and accessible name (find-in-page.ts) and then clicked and
// typed into with each driver's real input. WebKit's driver sends no console feed, so errors are
// caught by a script put into the page (also used for Firefox, beside its console events).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import puppeteer, { type ElementHandle } from 'puppeteer-core';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { CATCH_ERRORS, FIND_IN_PAGE, type Query } from './find-in-page';

export const VIEWPORT = { width: 390, height: 844 };
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Keys the journey presses, by their DOM names. */
export type KeyName = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Space' | 'Enter' | '1' | '2';

export interface Engine {
  readonly name: 'firefox' | 'webkit';
  goto(url: string): Promise<void>;
  /** Runs `body` (a function body; `args` holds the arguments) in the page and returns its value. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  click(q: Query): Promise<void>;
  type(q: Query, text: string): Promise<void>;
  press(key: KeyName): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** Errors the page reported since it was opened. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

const FIND_TIMEOUT_MS = 20_000;

/** Polls `probe` until it answers something other than null. */
export async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = FIND_TIMEOUT_MS) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe().catch(() => null);
    if (got !== null && got !== undefined) return got;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const describe = (q: Query) => JSON.stringify(q);
/** Clicks land in the middle of the screen, away from the fixed bar, button and notices. */
const CENTER = "arguments[0].scrollIntoView({ block: 'center' });";
/** The page's finder, defined on first use (a full navigation clears it). */
const findCall = `${FIND_IN_PAGE}; return window.__bqFind(arguments[0]);`;
const errorsCall = `${CATCH_ERRORS}; return window.__bqErrors.slice();`;

// ---- Firefox: puppeteer-core over WebDriver BiDi -------------------------------------------------

export async function firefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: [`--width=${VIEWPORT.width}`, `--height=${VIEWPORT.height}`],
  });
  const page = await browser.newPage();
  await page.setViewport(VIEWPORT);
  const events: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') events.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => events.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
  await page.evaluateOnNewDocument(CATCH_ERRORS);
  // Strings, not functions built in the page: the app's Content Security Policy forbids eval.
  const call = (body: string, args: unknown[]) =>
    `(function () { ${body} }).apply(null, ${JSON.stringify(args)})`;
  const run = <T>(body: string, ...args: unknown[]) => page.evaluate(call(body, args)) as Promise<T>;
  const find = (q: Query) =>
    until(describe(q), async () => {
      const handle = await page.evaluateHandle(call(findCall, [q]));
      const el = handle.asElement() as ElementHandle<Element> | null;
      if (!el) await handle.dispose();
      return el;
    });
  const keyName = (k: KeyName) => (k === 'Space' ? ' ' : k) as Parameters<typeof page.keyboard.press>[0];
  return {
    name: 'firefox',
    goto: async (url) => {
      await page.goto(url);
    },
    run,
    click: async (q) => {
      const el = await find(q);
      await el.evaluate((node) => node.scrollIntoView({ block: 'center' }));
      await el.click();
    },
    type: async (q, text) => {
      const el = await find(q);
      await el.click();
      await el.type(text);
    },
    press: async (k) => page.keyboard.press(keyName(k)),
    screenshot: async (file) => {
      mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file as `${string}.png` });
    },
    errors: async () => [...events, ...(await run<string[]>(errorsCall))],
    close: () => browser.close(),
  };
}

// ---- WebKit: selenium-webdriver, WebKitWebDriver, MiniBrowser under xvfb-run ---------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts WebKitWebDriver in its own X server; resolves once it answers. */
async function startWebKitDriver(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  // xvfb-run in its own process group, so closing ends Xvfb and the driver with it.
  const proc = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`], {
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await until('WebKitWebDriver to answer', async () => ((await fetch(`${url}/status`)).ok ? true : null));
  return { url, proc };
}

const SELENIUM_KEYS: Record<KeyName, string> = {
  ArrowLeft: Key.ARROW_LEFT,
  ArrowRight: Key.ARROW_RIGHT,
  ArrowUp: Key.ARROW_UP,
  ArrowDown: Key.ARROW_DOWN,
  Space: Key.SPACE,
  Enter: Key.ENTER,
  '1': '1',
  '2': '2',
};

export async function webkit(): Promise<Engine> {
  const { url, proc } = await startWebKitDriver();
  const stop = () => {
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let driver: WebDriver;
  try {
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await driver.manage().window().setRect(VIEWPORT);
  } catch (err) {
    stop();
    throw err;
  }
  const run = <T>(body: string, ...args: unknown[]) => driver.executeScript(body, ...args) as Promise<T>;
  const find = (q: Query) => until(describe(q), () => driver.executeScript<WebElement | null>(findCall, q));
  return {
    name: 'webkit',
    goto: async (to) => {
      await driver.get(to);
      await run(CATCH_ERRORS);
    },
    run: async <T>(body: string, ...args: unknown[]) => {
      // A navigation inside the app keeps the page; a reload would need the catcher again.
      await driver.executeScript(CATCH_ERRORS);
      return run<T>(body, ...args);
    },
    click: async (q) => {
      const el = await find(q);
      await driver.executeScript(CENTER, el);
      await el.click();
    },
    type: async (q, text) => (await find(q)).sendKeys(text),
    press: async (k) => driver.actions().sendKeys(SELENIUM_KEYS[k]).perform(),
    screenshot: async (file) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await driver.takeScreenshot(), 'base64');
    },
    errors: () => run<string[]>(errorsCall),
    close: async () => {
      await driver.quit().catch(() => undefined);
      stop();
    },
  };
}
