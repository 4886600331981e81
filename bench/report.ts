// Turns suites' samples into the report: median, min and max next to each goal, met or not, as
// bench/results/latest.json and a readable bench/results/latest.md.
import type { BenchResult } from './types';

export interface Summary extends BenchResult {
  suite: string;
  median: number;
  min: number;
  max: number;
  /** Whether the median meets the goal; absent when the result has no goal. */
  met?: boolean;
}

export interface SuiteFailure {
  suite: string;
  error: string;
}

export interface Report {
  date: string;
  commit: string;
  machine: { cpus: number; loadAverage: number[]; node: string; platform: string };
  results: Summary[];
  failures: SuiteFailure[];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function summarize(suite: string, r: BenchResult): Summary {
  if (r.samples.length === 0 || r.samples.some((x) => !Number.isFinite(x)))
    throw new Error(`${r.id}: every sample must be a finite number (got ${JSON.stringify(r.samples)})`);
  const m = median(r.samples);
  const met = r.goal ? (r.goal.op === '<=' ? m <= r.goal.value : m >= r.goal.value) : undefined;
  return { suite, ...r, median: m, min: Math.min(...r.samples), max: Math.max(...r.samples), met };
}

/** Results of the suites that ran replace those of the same suites in the earlier report. */
/**
 * The earlier report with what ran replaced: every row of a suite in `ran`, or for a suite in
 * `partly` (a run limited to some of its rows) only the rows it measured again.
 */
export function merge(earlier: Report | null, next: Report, ran: string[], partly: string[] = []): Report {
  if (!earlier) return next;
  const measured = new Set(next.results.map((r) => r.id));
  const kept = earlier.results.filter((r) =>
    partly.includes(r.suite) ? !measured.has(r.id) : !ran.includes(r.suite),
  );
  const keptFailures = earlier.failures.filter((f) => !ran.includes(f.suite));
  return { ...next, results: [...kept, ...next.results], failures: [...keptFailures, ...next.failures] };
}

const fmt = (x: number) =>
  Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2);

export function toMarkdown(report: Report): string {
  const lines = [
    '# Benchmark results',
    '',
    `${report.date} · commit ${report.commit} · ${report.machine.cpus} cores · load average ` +
      `${report.machine.loadAverage.map((x) => x.toFixed(2)).join(' ')} at the end · Node ${report.machine.node}`,
    '',
    'Medians of repeated runs (min and max beside them); `npm run bench` to reproduce.',
    '',
  ];
  const suites = [...new Set(report.results.map((r) => r.suite))];
  for (const suite of suites) {
    lines.push(`## ${suite}`, '', '| what | median | min | max | goal | met |', '|---|---|---|---|---|---|');
    for (const r of report.results.filter((x) => x.suite === suite)) {
      const goal = r.goal ? `${r.goal.op} ${r.goal.value} ${r.unit}` : '—';
      const met = r.met === undefined ? '—' : r.met ? 'yes' : '**no**';
      lines.push(
        `| ${r.what} (\`${r.id}\`, ${r.samples.length} runs) | ${fmt(r.median)} ${r.unit} | ${fmt(r.min)} | ${fmt(r.max)} | ${goal} | ${met} |`,
      );
    }
    const notes = report.results.filter((x) => x.suite === suite && x.note);
    if (notes.length) {
      lines.push('');
      for (const r of notes) lines.push(`- \`${r.id}\`: ${r.note}`);
    }
    lines.push('');
  }
  if (report.failures.length) {
    lines.push('## Suites that failed to run', '');
    for (const f of report.failures) lines.push(`- ${f.suite}: ${f.error}`);
    lines.push('');
  }
  const goals = report.results.filter((r) => r.met !== undefined);
  lines.push(`**${goals.filter((r) => r.met).length} of ${goals.length} goals met.**`, '');
  return lines.join('\n');
}
