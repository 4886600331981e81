// Every benchmark suite `npm run bench` runs, in order. Each suite adds one line here.
import type { BenchSuite } from './types';

export const SUITES: BenchSuite[] = [];
