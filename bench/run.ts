// `npm run bench`: runs every suite of bench/suites.ts (or those named: `npm run bench -- game-frames`),
// each repeating its measurements, and writes bench/results/latest.json and latest.md. Measure after
// `npm run build` (a build is made when there is none; a stale one is not detected). A run of
// some suites replaces only their rows in the earlier report. Figures are reported, never
// asserted: a missed goal is shown as such, and only a suite that cannot run makes the exit code 1.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUITES } from './suites';
import { merge, summarize, toMarkdown, type Report } from './report';

const OUT = path.resolve('bench', 'results');
/** Older names, still in the README's history. */
const ALIASES: Record<string, string> = { page: 'transactions-page', games: 'game-first-frame' };

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** A fresh clone has no build yet: make one, since most suites measure the built app and server. */
function buildIfMissing() {
  if (existsSync(path.resolve('dist', 'index.html')) && existsSync(path.resolve('dist-server', 'index.js')))
    return;
  console.info('== no build found: npm run build');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

async function main() {
  buildIfMissing();
  const names = process.argv.slice(2).map((n) => ALIASES[n] ?? n);
  const unknown = names.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length) {
    console.error(`unknown suite ${unknown.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const chosen = names.length ? SUITES.filter((s) => names.includes(s.name)) : SUITES;
  const report: Report = {
    date: new Date().toISOString(),
    commit: commit(),
    machine: { cpus: os.cpus().length, loadAverage: [], node: process.version, platform: process.platform },
    results: [],
    failures: [],
  };
  for (const suite of chosen) {
    const t0 = Date.now();
    console.info(`== ${suite.name}`);
    try {
      for (const r of await suite.run()) {
        const s = summarize(suite.name, r);
        report.results.push(s);
        const goal = s.goal ? ` (goal ${s.goal.op} ${s.goal.value}: ${s.met ? 'met' : 'NOT met'})` : '';
        console.info(`  ${s.id}: median ${s.median} ${s.unit}, min ${s.min}, max ${s.max}${goal}`);
      }
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      report.failures.push({ suite: suite.name, error });
      console.error(`  ${suite.name} could not run: ${error}`);
    }
    console.info(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  report.machine.loadAverage = os.loadavg();
  const file = path.join(OUT, 'latest.json');
  const earlier =
    names.length && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : null;
  const full = merge(
    earlier,
    report,
    chosen.map((s) => s.name),
    chosen.filter((s) => s.partial?.()).map((s) => s.name),
  );
  mkdirSync(OUT, { recursive: true });
  writeFileSync(file, JSON.stringify(full, null, 2) + '\n');
  writeFileSync(path.join(OUT, 'latest.md'), toMarkdown(full));
  console.info(`wrote ${path.relative(process.cwd(), file)} and latest.md`);
  if (report.failures.length) process.exitCode = 1;
}

void main();
