// The shape every benchmark suite returns; bench/run.ts turns these into bench/results/latest.*.

export type BenchUnit = 'ms' | 's' | 'KB' | 'MB' | 'req/s' | '%' | 'fps' | 'count' | 'score' | 'x';

export interface BenchResult {
  /** Stable id, e.g. 'first-load-js:/#/login'. */
  id: string;
  /** What was measured, in words, for the report. */
  what: string;
  unit: BenchUnit;
  /** One value per repetition (at least 5 where the issue asks for repeats). */
  samples: number[];
  /** The goal for the median, when it has one. */
  goal?: { op: '<=' | '>='; value: number };
  /** How it was measured, or why a goal is not met. */
  note?: string;
}

/**
 * A suite runs its benchmarks and returns their results; `only` filters by id prefix. `partial`
 * says whether this run covers only part of its rows (a suite limited by environment variables):
 * its earlier rows the run did not measure again are then kept in the report.
 */
export type BenchSuite = {
  name: string;
  run: (only?: string) => Promise<BenchResult[]>;
  partial?: () => boolean;
};
