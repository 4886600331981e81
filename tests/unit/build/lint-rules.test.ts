// Every boundary rule of eslint.config.js fails a file that breaks it (CONVENTIONS.md "Layers are
// enforced"), and passes the same file written the allowed way, so a rule that stops firing (a
// renamed folder, a pattern that no longer matches) fails this test instead of going quiet.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
});

/** The rule ids and messages ESLint reports for `code` as if it were the file at `file`. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}
const rules = async (file: string, code: string) => (await lint(file, code)).map((m) => m.rule);

interface Case {
  name: string;
  file: string;
  bad: string;
  good: string;
  rule: string;
  /** A phrase of the rule's message, so the right rule fired for the right reason. */
  says: RegExp;
}

const cases: Case[] = [
  // ---- src/domain is pure ----
  {
    name: 'src/domain importing React',
    file: 'src/domain/lint-probe.ts',
    bad: "import { useState } from 'react';\nexport const probe = useState;\n",
    good: "import { clampLives } from './lives';\nexport const probe = clampLives;\n",
    rule: 'no-restricted-imports',
    says: /src\/domain is pure/,
  },
  {
    name: 'src/domain importing Jotai',
    file: 'src/domain/lint-probe.ts',
    bad: "import { atom } from 'jotai';\nexport const probe = atom(0);\n",
    good: 'export const probe = 0;\n',
    rule: 'no-restricted-imports',
    says: /src\/domain is pure/,
  },
  {
    name: 'src/domain importing a Jotai subpath',
    file: 'src/domain/lint-probe.ts',
    bad: "import { atomWithStorage } from 'jotai/utils';\nexport const probe = atomWithStorage;\n",
    good: 'export const probe = 0;\n',
    rule: 'no-restricted-imports',
    says: /src\/domain is pure/,
  },
  {
    name: 'src/domain calling fetch',
    file: 'src/domain/lint-probe.ts',
    bad: "export const probe = () => fetch('/api/health');\n",
    good: "export const probe = (load: (url: string) => Promise<unknown>) => load('/api/health');\n",
    rule: 'no-restricted-globals',
    says: /'fetch' is I\/O/,
  },
  {
    name: 'src/domain reading localStorage',
    file: 'src/domain/lint-probe.ts',
    bad: "export const probe = () => localStorage.getItem('user_xp');\n",
    good: 'export const probe = (stored: string | null) => stored;\n',
    rule: 'no-restricted-globals',
    says: /'localStorage' is I\/O/,
  },
  {
    name: 'src/domain reading storage through globalThis',
    file: 'src/domain/lint-probe.ts',
    bad: "export const probe = () => globalThis.sessionStorage.getItem('x');\n",
    good: 'export const probe = () => globalThis.Number(1);\n',
    rule: 'no-restricted-properties',
    says: /src\/domain is pure/,
  },
  {
    name: 'src/domain reading the clock with Date.now',
    file: 'src/domain/lint-probe.ts',
    bad: 'export const probe = () => Date.now();\n',
    good: 'export const probe = (now: number) => new Date(now);\n',
    rule: 'no-restricted-properties',
    says: /Take `now` as a parameter/,
  },
  {
    name: 'src/domain reading the clock with new Date()',
    file: 'src/domain/lint-probe.ts',
    bad: 'export const probe = () => new Date();\n',
    good: "export const probe = () => new Date('2026-01-01T00:00:00Z');\n",
    rule: 'no-restricted-syntax',
    says: /reads the clock/,
  },
  // ---- who may import the writable progression atoms ----
  {
    name: 'lib/progress-sync importing the writable XP atom by a relative path',
    file: 'src/lib/progress-sync/lint-probe.ts',
    bad: "import { xpAtom } from '../atoms';\nexport const probe = xpAtom;\n",
    good: "import { xpValueAtom } from '../progression';\nexport const probe = xpValueAtom;\n",
    rule: 'no-restricted-imports',
    says: /only it writes these atoms/,
  },
  {
    name: 'a lib module importing the writable lives atom from ./atoms',
    file: 'src/lib/lint-probe.ts',
    bad: "import { livesAtom } from './atoms';\nexport const probe = livesAtom;\n",
    good: "import { goalAtom } from './atoms';\nexport const probe = goalAtom;\n",
    rule: 'no-restricted-imports',
    says: /only it writes these atoms/,
  },
  {
    name: 'a feature importing the writable quest state atom',
    file: 'src/features/quests/lint-probe.ts',
    bad: "import { questStateAtom } from '@/lib/atoms';\nexport const probe = questStateAtom;\n",
    good: "import { questStateValueAtom } from '@/lib/progression';\nexport const probe = questStateValueAtom;\n",
    rule: 'no-restricted-imports',
    says: /only it writes these atoms/,
  },
  {
    name: 'a game importing the writable lives atom',
    file: 'games/shared/lint-probe.ts',
    bad: "import { livesAtom } from '@/lib/atoms';\nexport const probe = livesAtom;\n",
    good: "import { livesValueAtom } from '@/lib/progression';\nexport const probe = livesValueAtom;\n",
    rule: 'no-restricted-imports',
    says: /only it writes these atoms/,
  },
  // ---- links to the app's routes are src/components/link.tsx's ----
  {
    name: "a feature linking with React Router's Link",
    file: 'src/features/home/lint-probe.tsx',
    bad: "import { Link } from 'react-router-dom';\nexport const probe = Link;\n",
    good: "import { Link } from '@/components/link';\nexport const probe = Link;\n",
    rule: 'no-restricted-imports',
    says: /src\/components\/link\.tsx/,
  },
  {
    name: "the app shell linking with React Router's NavLink",
    file: 'src/app/lint-probe.tsx',
    bad: "import { NavLink } from 'react-router';\nexport const probe = NavLink;\n",
    good: "import { useNavigate } from 'react-router-dom';\nexport const probe = useNavigate;\n",
    rule: 'no-restricted-imports',
    says: /src\/components\/link\.tsx/,
  },
  // ---- one owner for the sync ----
  {
    name: 'a page syncing through the bank API instead of syncBank',
    file: 'src/features/home/lint-probe.ts',
    bad: "import { bankApi } from '@/bank/api';\nexport const probe = () => bankApi.fetchTransactions();\n",
    good: "import { syncBank } from '@/bank/sync';\nexport const probe = () => syncBank();\n",
    rule: 'no-restricted-syntax',
    says: /through syncBank/,
  },
  // ---- the bank module's layer ----
  {
    name: 'the bank module importing a feature',
    file: 'src/bank/lint-probe.ts',
    bad: "import { Page } from '@/features/home/home-page';\nexport const probe = Page;\n",
    good: "import { bankApi } from './api';\nexport const probe = bankApi;\n",
    rule: 'import-x/no-restricted-paths',
    says: /bank module sits under/,
  },
  {
    name: 'lib importing the bank module',
    file: 'src/lib/lint-probe.ts',
    bad: "import { syncBank } from '@/bank/sync';\nexport const probe = syncBank;\n",
    good: "import { api } from './api-client';\nexport const probe = api;\n",
    rule: 'import-x/no-restricted-paths',
    says: /bottom layer/,
  },
  // ---- the server ----
  {
    name: 'a server service importing the database module',
    file: 'server/services/lint-probe.ts',
    bad: "import type { Db } from '../db/knex';\nexport type Probe = Db;\n",
    good: "import type { UnitOfWork } from '../repositories/unit-of-work';\nexport type Probe = UnitOfWork;\n",
    rule: 'import-x/no-restricted-paths',
    says: /Services never touch the database module/,
  },
  {
    name: "the Plaid sandbox importing the app's services",
    file: 'server/plaid-sandbox/lint-probe.ts',
    bad: "import { bankService } from '../services/bank-service';\nexport const probe = bankService;\n",
    good: "import { consoleLogger } from '../lib/logger';\nexport const probe = consoleLogger;\n",
    rule: 'import-x/no-restricted-paths',
    says: /sandbox is a system of its own/,
  },
  {
    name: "the Plaid sandbox importing the app's repositories",
    file: 'server/plaid-sandbox/lint-probe.ts',
    bad: "import { usersRepo } from '../repositories/users-repo';\nexport const probe = usersRepo;\n",
    good: "import { systemClock } from '../lib/clock';\nexport const probe = systemClock;\n",
    rule: 'import-x/no-restricted-paths',
    says: /sandbox is a system of its own/,
  },
  {
    name: 'an app service importing the Plaid sandbox',
    file: 'server/services/lint-probe.ts',
    bad: "import { createPlaidSandbox } from '../plaid-sandbox/index';\nexport const probe = createPlaidSandbox;\n",
    good: "import { SANDBOX_MOUNT } from './plaid-client';\nexport const probe = SANDBOX_MOUNT;\n",
    rule: 'import-x/no-restricted-paths',
    says: /only through the Plaid SDK/,
  },
  {
    name: 'server code reading a browser global (`origin`)',
    file: 'server/services/lint-probe.ts',
    bad: 'export const probe = (): string => origin;\n',
    good: 'export const probe = (origin: string): string => origin;\n',
    rule: 'no-restricted-globals',
    says: /`origin` is a browser global/,
  },
  {
    name: 'server code reading a browser global (`status`)',
    file: 'server/routes/lint-probe.ts',
    bad: 'export const probe = (): string => status;\n',
    good: "const status = 'ok';\nexport const probe = (): string => status;\n",
    rule: 'no-restricted-globals',
    says: /`status` is a browser global/,
  },
];

describe('the lint rules that keep the layers', () => {
  it.each(cases)('when $name, then lint fails with its rule', async ({ file, bad, rule, says }) => {
    const found = await lint(file, bad);
    expect(found).toContainEqual({ rule, message: expect.stringMatching(says) });
  });

  it.each(cases)(
    'when the same file is written the allowed way ($name), then that rule passes',
    async ({ file, good, rule }) => {
      expect(await rules(file, good)).not.toContain(rule);
    },
  );
});
