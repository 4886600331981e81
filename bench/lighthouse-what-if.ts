// Suite "lighthouse-what-if": what Lighthouse's mobile LCP of a signed-in page is made of (issue
// 33). Each page is audited BENCH_RUNS times (5 by default) as in the "lighthouse" suite (a first
// visit, mobile preset), and after each audit the two graphs Lighthouse simulated are simulated
// again with one change each (bench/support/lantern.ts): the main thread's tasks taking no time, the
// route's scripts in one file, only the stack's scripts, and so on. The first row of each page is
// the page as audited, which must equal Lighthouse's own figure (the suite stops otherwise: the
// other rows would not be Lighthouse's model). The rows have no goal: they say how far each kind of
// change could move the LCP before anyone builds it. `WHATIF_ROUTES=bank-user:/home` limits a run.
import path from 'node:path';
import { audit, openAuditBrowser } from '../tests/support/lighthouse';
import { fetcher } from '../tests/support/http';
import { registerUser } from '../tests/support/accounts';
import { seedServerProgress } from '../tests/support/browser/server-progress';
import { sandboxLinkedUser } from './support/browser';
import { startBuiltServer } from './support/server-process';
import {
  forgetSimulations,
  lastLcpSimulation,
  simulatedLcp,
  watchSimulations,
  WHAT_IFS,
} from './support/lantern';
import { GAMES_UNLOCKED, RETURNING, isPhaserGame } from './lighthouse';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
type User = 'new-user' | 'bank-user';
const DEFAULT_PAGES = 'bank-user:/home,new-user:/,new-user:/games/breakout';
/** The pages to audit, as `user:/route` pairs, from WHATIF_ROUTES or the default three. */
function pages(): { user: User; route: string }[] {
  return (process.env.WHATIF_ROUTES ?? DEFAULT_PAGES).split(',').map((p) => {
    const [user, route] = p.split(':') as [User, string];
    if ((user !== 'new-user' && user !== 'bank-user') || !route?.startsWith('/'))
      throw new Error(`WHATIF_ROUTES: "${p}" is not user:/route (user new-user or bank-user)`);
    return { user, route };
  });
}

async function run(): Promise<BenchResult[]> {
  const chosen = pages();
  watchSimulations();
  const server = await startBuiltServer();
  const out: BenchResult[] = [];
  try {
    const database = path.join(server.env.DATA_DIR!, 'budget-quest.sqlite');
    const tokens: Record<User, string> = {
      'new-user': (await registerUser(fetcher(() => server.url))).token,
      'bank-user': await sandboxLinkedUser(server),
    };
    for (const user of ['new-user', 'bank-user'] as const) {
      const routes = chosen.filter((p) => p.user === user);
      if (routes.length === 0) continue;
      const b = await openAuditBrowser(server.url, { ...RETURNING, token: tokens[user] });
      try {
        for (const { route } of routes) {
          if (isPhaserGame(route)) await seedServerProgress(tokens[user], GAMES_UNLOCKED, database);
          const samples: Record<string, number[]> = {};
          for (let i = 0; i < RUNS; i++) {
            forgetSimulations();
            const lhr = await audit(b, `${server.url}/#${route}`, {
              preset: 'mobile',
              categories: ['performance'],
              keepStorage: true,
              coldCache: true,
            });
            const reported = lhr.audits['largest-contentful-paint']!.numericValue!;
            const fcp = lhr.audits['first-contentful-paint']!.numericValue!;
            const simulation = lastLcpSimulation();
            for (const change of WHAT_IFS) {
              const lcp = simulatedLcp(simulation, change, fcp);
              if (change.id === 'as-observed' && Math.abs(lcp - reported) > 1)
                throw new Error(
                  `${route}: the graphs simulated again give ${Math.round(lcp)} ms, Lighthouse said ${Math.round(reported)} ms`,
                );
              (samples[change.id] ??= []).push(Math.round(lcp));
            }
          }
          for (const change of WHAT_IFS)
            out.push({
              id: `lighthouse-what-if:${user}:${route}:${change.id}`,
              what: `Lighthouse mobile LCP, ${user} /#${route}, ${change.what}`,
              unit: 'ms',
              samples: samples[change.id]!,
            });
          console.info(
            `  ${user} /#${route}: ` +
              WHAT_IFS.map((c) => `${c.id} ${samples[c.id]!.join('/')}`).join('; ') +
              ' ms',
          );
        }
      } finally {
        await b.close();
      }
    }
  } finally {
    await server.stop();
  }
  return out;
}

export const lighthouseWhatIfSuite: BenchSuite = {
  name: 'lighthouse-what-if',
  run,
  partial: () => process.env.WHATIF_ROUTES !== undefined,
};
