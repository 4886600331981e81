// The main journey, as a list of named steps any engine can walk: register, the tour, Home, an
// expense through the floating button, linking a bank through the Link window it offers, a
// Category Matcher round, Breakout and 2048 played by keys, Profile, logout. Each step ends with a
// screenshot. A step an engine cannot do is listed in CANNOT with the reason, and is reported as
// skipped for that engine, never silently passed.
import type { Engine, KeyName } from './engines';
import { until } from './engines';
import type { Query } from './find-in-page';

export interface JourneyContext {
  origin: string;
  email: string;
  password: string;
  /** Gives the signed-in user the XP and lives the games need (the test server's database). */
  boost: (token: string) => Promise<void>;
}

export interface Step {
  name: string;
  run: (e: Engine, c: JourneyContext) => Promise<void>;
}

/** Steps an engine cannot do here, with why (also listed in the README's "Browsers"). */
export const CANNOT: Record<Engine['name'], Record<string, string>> = {
  firefox: {},
  webkit: {},
};

const button = (name: string, inDialog?: string): Query => ({ role: 'button', name, inDialog });
const field = (name: string, inDialog?: string): Query => ({ role: 'textbox', name, inDialog });

/** Waits until an element answering `q` is on screen. */
const shows = (e: Engine, q: Query, timeoutMs?: number) =>
  until(
    JSON.stringify(q),
    () => e.run<boolean>('return window.__bqFind(arguments[0]) ? true : null', q),
    timeoutMs,
  );
const gone = (e: Engine, q: Query) =>
  until(`${JSON.stringify(q)} to close`, () =>
    e.run<boolean>('return window.__bqFind(arguments[0]) ? null : true', q),
  );
/** The game's status line (role status, under the canvas). */
const gameMessage = (e: Engine) =>
  e.run<string>("const m = document.querySelector('.game-message'); return m ? m.textContent.trim() : '';");
const messageMatching = (e: Engine, re: RegExp, keys: KeyName[]) =>
  until(
    `the game message to match ${re}`,
    async () => {
      const text = await gameMessage(e);
      if (re.test(text)) return text;
      for (const k of keys) await e.press(k);
      return null;
    },
    30_000,
  );

/** Closes the notices (achievements, rewards) that stack over the bottom of the screen. */
async function dismissNotices(e: Engine) {
  const close: Query = { role: 'button', name: 'Dismiss notification' };
  while (await e.run<boolean>('return !!window.__bqFind(arguments[0])', close))
    // A notice may leave, or be drawn anew, between the look and the click (Firefox's driver then
    // says "Node is detached from document", WebKit's "stale element reference"): look again.
    await e.click(close).catch((err: unknown) => {
      if (!/detached|stale ?element/i.test(String(err))) throw err;
    });
}

export const STEPS: Step[] = [
  {
    name: 'register',
    run: async (e, c) => {
      await e.goto(`${c.origin}/#/register`);
      await e.type(field('Email'), c.email);
      await e.type(field('Password'), c.password);
      await e.type(field('Confirm Password'), c.password);
      await e.click(button('Create Account'));
      await shows(e, { role: 'dialog', name: 'Welcome to Budget Quest!' });
    },
  },
  {
    name: 'tour',
    run: async (e) => {
      await e.click(button('Next', 'Welcome to Budget Quest!'));
      await e.click(button('Next', 'What you can do'));
      await e.click({ role: 'radio', name: 'Track and reduce spending' });
      await e.click(button('Next', 'Choose your goal'));
      await e.click(button('Get Started', 'Finding your way'));
      await gone(e, { role: 'dialog', name: 'Finding your way' });
      await shows(e, { role: 'heading', name: 'Quests' });
    },
  },
  {
    name: 'home',
    run: async (e, c) => {
      const token = await e.run<string>("return localStorage.getItem('token')");
      await c.boost(token);
      await e.goto(`${c.origin}/#/home`);
      await shows(e, { role: 'heading', name: 'Spending breakdown' });
    },
  },
  {
    name: 'expense',
    run: async (e) => {
      await e.click(button('Add Expense'));
      await e.type(field('Amount ($)', 'Add Expense'), '12.50');
      await e.click({ role: 'radio', name: 'Want', inDialog: 'Add Expense' });
      await e.click(button('Done', 'Add Expense'));
      await shows(e, { role: 'dialog', name: 'Expense Saved!' });
      await shows(e, { role: 'dialog', name: 'Want this tracked automatically?' }, 30_000);
    },
  },
  {
    name: 'link-bank',
    run: async (e) => {
      await e.click(button('Connect Account', 'Want this tracked automatically?'));
      await e.type(field('Search for your bank', 'Plaid Link'), 'Platypus Bank');
      await e.click(button('First Platypus Bank', 'Plaid Link'));
      await e.type(field('Username', 'Plaid Link'), 'user_good');
      await e.type(field('Password', 'Plaid Link'), 'pass_good');
      await e.click(button('Submit', 'Plaid Link'));
      await shows(e, { role: 'heading', name: 'Select accounts' });
      await e.click(button('Continue', 'Plaid Link'));
      await shows(e, { role: 'heading', name: 'Success' });
      await e.click(button('Continue', 'Plaid Link'));
      await gone(e, { role: 'dialog', name: 'Plaid Link' });
      await shows(e, { role: 'link', name: 'View All' }, 30_000);
    },
  },
  {
    name: 'matcher-round',
    run: async (e, c) => {
      await e.goto(`${c.origin}/#/games/category-matcher`);
      await shows(e, button('Start'));
      await dismissNotices(e);
      await e.click(button('Start'));
      await shows(e, { role: 'button', name: 'Stop', re: false });
      for (const k of ['1', '2', '1'] as const) await e.press(k);
      await e.click(button('Stop and review'));
      await dismissNotices(e);
      await e.click({ role: 'button', name: '^Save \\d+ labels?$', re: true });
      await shows(e, { role: 'button', name: 'Done' });
    },
  },
  {
    name: 'breakout',
    run: async (e, c) => {
      await e.goto(`${c.origin}/#/games/breakout`);
      await until('the breakout canvas', () =>
        e.run<boolean>("return document.querySelector('canvas') ? true : null"),
      );
      await messageMatching(e, /^Score \d+\. Lives \d+\.$/, ['Space']);
      for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowRight'] as const) await e.press(k);
    },
  },
  {
    name: '2048',
    run: async (e, c) => {
      await e.goto(`${c.origin}/#/games/2048`);
      await until('the 2048 canvas', () =>
        e.run<boolean>("return document.querySelector('canvas') ? true : null"),
      );
      await messageMatching(e, /^Score \d+, best \d+\.$/, [
        'ArrowLeft',
        'ArrowUp',
        'ArrowRight',
        'ArrowDown',
      ]);
    },
  },
  {
    name: 'profile',
    run: async (e, c) => {
      await e.goto(`${c.origin}/#/profile`);
      await shows(e, { role: 'heading', name: 'Bank Connection' });
      await shows(e, { role: 'button', name: 'Disconnect Bank Account' });
    },
  },
  {
    name: 'logout',
    run: async (e) => {
      await e.click(button('Logout'));
      await shows(e, { role: 'button', name: 'Sign In' });
    },
  },
];
