// Every benchmark suite `npm run bench` runs, in order. Each suite adds one line here.
import type { BenchSuite } from './types';
import { phaserWeightSuite } from './phaser-weight';
import { gameFramesSuite } from './game-frames';

export const SUITES: BenchSuite[] = [phaserWeightSuite, gameFramesSuite];
