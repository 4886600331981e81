// Issue 33, Firefox and WebKit in CI: the main journey (journey.ts) at 390x844 in Debian's
// Firefox ESR and in WebKitGTK, Safari's engine family, against the same test server as the
// Chromium tests. Screenshots of every step are kept in test-results/cross-browser/<engine>/ for
// review (and attached to the report). No page may report an error on the way.
import path from 'node:path';
import { expect, test } from '../fixtures';
import { seedServerProgress } from '../../support/browser/server-progress';
import { PASSWORD, uniqueEmail } from '../../support/accounts';
import { firefox, webkit, type Engine } from './engines';
import { CANNOT, STEPS } from './journey';

const ENGINES: Record<Engine['name'], () => Promise<Engine>> = { firefox, webkit };

test.describe('the main journey in other engines', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const name of Object.keys(ENGINES) as Engine['name'][]) {
    test(`when a new user walks the main journey in ${name}, then every step works and no error is reported`, async ({
      baseURL,
    }, info) => {
      test.skip(info.project.name !== 'phone', 'the journey sets its own 390x844 window');
      const engine = await ENGINES[name]();
      const dir = path.join('test-results', 'cross-browser', name);
      const context = {
        origin: baseURL!,
        email: uniqueEmail(name),
        password: PASSWORD,
        boost: (token: string) =>
          seedServerProgress(token, {
            onboarding_completed: 'true',
            userGoal: 'Track and reduce spending',
            user_xp: '1029',
            userLives: '5',
          }),
      };
      try {
        for (const [i, step] of STEPS.entries()) {
          const why = CANNOT[name][step.name];
          if (why) {
            info.annotations.push({ type: 'skipped step', description: `${step.name}: ${why}` });
            continue;
          }
          await test.step(step.name, async () => {
            const file = path.join(dir, `${String(i + 1).padStart(2, '0')}-${step.name}.png`);
            try {
              await step.run(engine, context);
            } finally {
              await engine.screenshot(file).catch(() => undefined);
              await info
                .attach(`${name} ${step.name}`, { path: file, contentType: 'image/png' })
                .catch(() => {});
            }
          });
        }
        expect([...new Set(await engine.errors())]).toEqual([]);
      } finally {
        await engine.close();
      }
    });
  }
});
