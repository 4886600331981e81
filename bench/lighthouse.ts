// Suite "lighthouse": Lighthouse 12 (the npm package, on Debian's Chromium) against the built
// server, on every public route as a visitor and every signed-in route as a new user and as a user
// with a linked, synced sandbox bank, with its mobile preset (simulated slow 4G, 4x CPU) and its
// desktop preset. Each page is audited BENCH_RUNS times (5 by default) in one signed-in browser;
// the four category scores and FCP, LCP, TBT and CLS are reported. The goals apply to the
// mobile preset. `LH_ROUTES=/home,/quests` and `LH_PRESETS=mobile` limit a run for a quick look
// (`floor` among them keeps the floor). The stack's floor (bench/floor-app) is audited too, with no
// goal: the reference for what this machine makes of the stack itself.
// The new user opens the Phaser games as a player who has unlocked them: the server holds 1000 XP
// and 5 lives for them during those audits only (a new user's 0 XP shows Helicopter's and 2048's
// locked screen, no game), and what the server gave them at registration for the other pages.
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { PUBLIC_PAGE_FILES } from '../src/app/route-files';
import { SIGNED_IN_PAGE_FILES } from '../src/app/signed-in-page-files';
import { ROUTES } from '../src/lib/routes';
import { audit, openAuditBrowser, score, type Category, type Preset } from '../tests/support/lighthouse';
import { fetcher } from '../tests/support/http';
import { registerUser } from '../tests/support/accounts';
import { seedServerProgress } from '../tests/support/browser/server-progress';
import { sandboxLinkedUser } from './support/browser';
import { startBuiltServer } from './support/server-process';
import { buildFloor, staticServer } from './floor';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];
const PRESETS: Preset[] = (process.env.LH_PRESETS?.split(',') as Preset[] | undefined) ?? [
  'mobile',
  'desktop',
];
const ONLY = process.env.LH_ROUTES?.split(',');

const pick = (routes: string[]) =>
  routes.filter((r) => r !== ROUTES.questsAlias && (!ONLY || ONLY.includes(r)));
/** The pages whose content a linked bank changes. */
const BANK_ROUTES = [
  ROUTES.quests,
  ROUTES.home,
  ROUTES.transactions,
  ROUTES.profile,
  '/games/category-matcher',
];
/** A returning player (the server decides XP and lives; these only skip the tour). */
export const RETURNING = { onboarding_completed: 'true', userGoal: 'Track Spending' };

const isGame = (route: string) => route.startsWith('/games/');
/** The Phaser games, which unlock with XP and need lives to play. */
export const isPhaserGame = (route: string) => isGame(route) && route !== '/games/category-matcher';
/** The progress of a player who has unlocked every game. */
export const GAMES_UNLOCKED = { user_xp: '1000', userLives: '5' };

interface Visit {
  user: 'visitor' | 'new-user' | 'bank-user';
  routes: string[];
  storage: Record<string, string>;
}

function results(
  suite: string,
  preset: Preset,
  v: Visit,
  route: string,
  runs: Record<string, number[]>,
): BenchResult[] {
  const id = `${suite}:${preset}:${v.user}:${route}`;
  const mobile = preset === 'mobile';
  const how = `Lighthouse ${preset} preset, ${v.user}, /#${route}`;
  const perfGoal = isGame(route) ? 85 : 95;
  const out: BenchResult[] = [
    {
      id: `${id}:performance`,
      what: `Performance score, ${how}`,
      unit: 'score',
      samples: runs.performance!,
      ...(mobile ? { goal: { op: '>=' as const, value: perfGoal } } : {}),
    },
  ];
  for (const c of ['accessibility', 'best-practices', 'seo'] as const)
    out.push({
      id: `${id}:${c}`,
      what: `${c} score, ${how}`,
      unit: 'score',
      samples: runs[c]!,
      goal: { op: '>=', value: 100 },
    });
  out.push(
    {
      id: `${id}:fcp`,
      what: `First Contentful Paint, ${how}`,
      unit: 's',
      samples: runs.fcp!,
      ...(mobile ? { goal: { op: '<=' as const, value: 1.2 } } : {}),
    },
    {
      id: `${id}:lcp`,
      what: `Largest Contentful Paint, ${how}`,
      unit: 's',
      samples: runs.lcp!,
      ...(mobile ? { goal: { op: '<=' as const, value: 2.0 } } : {}),
    },
    { id: `${id}:tbt`, what: `Total Blocking Time, ${how}`, unit: 'ms', samples: runs.tbt! },
    {
      id: `${id}:cls`,
      what: `Cumulative Layout Shift, ${how}`,
      unit: 'score',
      samples: runs.cls!,
      goal: { op: '<=', value: 0.02 },
    },
  );
  return out;
}

function suite(name: string, presets: Preset[]): BenchSuite {
  return {
    name,
    async run() {
      const server = await startBuiltServer();
      const out: BenchResult[] = [];
      try {
        const call = fetcher(() => server.url);
        const database = path.join(server.env.DATA_DIR!, 'budget-quest.sqlite');
        const newUser = (await registerUser(call)).token;
        const { body: registered } = await call('GET', '/api/progress', undefined, newUser);
        const { xp, lives } = registered as { xp: number; lives: number };
        const asRegistered = { user_xp: String(xp), userLives: String(lives) };
        const visits: Visit[] = [
          { user: 'visitor', routes: pick(Object.keys(PUBLIC_PAGE_FILES)), storage: {} },
          {
            user: 'new-user',
            routes: pick(Object.keys(SIGNED_IN_PAGE_FILES)),
            storage: { ...RETURNING, token: newUser },
          },
          {
            user: 'bank-user',
            routes: pick(BANK_ROUTES),
            storage: { ...RETURNING, token: await sandboxLinkedUser(server) },
          },
        ];
        for (const v of visits) {
          const routes = v.routes;
          if (routes.length === 0) continue;
          const b = await openAuditBrowser(server.url, v.storage);
          try {
            for (const preset of presets) {
              for (const route of routes) {
                if (v.user === 'new-user')
                  await seedServerProgress(
                    v.storage.token!,
                    isPhaserGame(route) ? GAMES_UNLOCKED : asRegistered,
                    database,
                  );
                const runs: Record<string, number[]> = {};
                const add = (k: string, x: number) => (runs[k] ??= []).push(x);
                for (let i = 0; i < RUNS; i++) {
                  const lhr = await audit(b, `${server.url}/#${route}`, {
                    preset,
                    categories: CATEGORIES,
                    keepStorage: v.user !== 'visitor',
                    // Every run is a first visit: a kept cache made all but the first run of a
                    // signed-in page load its scripts from disk (FCP 0.8 s against 1.6 s cold).
                    coldCache: true,
                  });
                  for (const c of CATEGORIES) add(c, score(lhr, c));
                  const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
                  add('fcp', Math.round(num('first-contentful-paint')) / 1000);
                  add('lcp', Math.round(num('largest-contentful-paint')) / 1000);
                  add('tbt', Math.round(num('total-blocking-time')));
                  add('cls', Math.round(num('cumulative-layout-shift') * 1000) / 1000);
                }
                out.push(...results(name, preset, v, route, runs));
                console.info(
                  `  ${preset} ${v.user} /#${route}: performance ${runs.performance!.join(', ')}; ` +
                    `LCP ${runs.lcp!.join(', ')} s`,
                );
              }
            }
          } finally {
            await b.close();
          }
        }
        // The stack's floor (bench/floor-app, served brotli-compressed as the app's files are) with
        // the same presets and runs: what this machine makes of a minimal page of the same stack.
        if (!ONLY || ONLY.includes('floor')) out.push(...(await auditFloor(name, presets)));
      } finally {
        await server.stop();
      }
      return out;
    },
  };
}

async function auditFloor(name: string, presets: Preset[]): Promise<BenchResult[]> {
  const dir = await buildFloor();
  const floor = await staticServer(dir, { brotli: true });
  const b = await openAuditBrowser(floor.url);
  const out: BenchResult[] = [];
  try {
    for (const preset of presets) {
      const runs: Record<string, number[]> = {};
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(b, `${floor.url}/#/login`, {
          preset,
          categories: ['performance'],
          keepStorage: false,
        });
        const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
        (runs.performance ??= []).push(score(lhr, 'performance'));
        (runs.fcp ??= []).push(Math.round(num('first-contentful-paint')) / 1000);
        (runs.lcp ??= []).push(Math.round(num('largest-contentful-paint')) / 1000);
        (runs.tbt ??= []).push(Math.round(num('total-blocking-time')));
      }
      const how = `Lighthouse ${preset} preset, the stack's floor (bench/floor-app), /#/login`;
      const id = `${name}:${preset}:floor:/login`;
      out.push(
        {
          id: `${id}:performance`,
          what: `Performance score, ${how}`,
          unit: 'score',
          samples: runs.performance!,
        },
        { id: `${id}:fcp`, what: `First Contentful Paint, ${how}`, unit: 's', samples: runs.fcp! },
        { id: `${id}:lcp`, what: `Largest Contentful Paint, ${how}`, unit: 's', samples: runs.lcp! },
        { id: `${id}:tbt`, what: `Total Blocking Time, ${how}`, unit: 'ms', samples: runs.tbt! },
      );
      console.info(`  ${preset} floor /#/login: LCP ${runs.lcp!.join(', ')} s`);
    }
  } finally {
    await b.close();
    await new Promise((resolve) => floor.server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

export const lighthouseSuite: BenchSuite = {
  ...suite('lighthouse', PRESETS),
  // LH_ROUTES or LH_PRESETS measure part of the matrix: the rest of the earlier report stays.
  partial: () => ONLY !== undefined || PRESETS.length < 2,
};
