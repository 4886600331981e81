// Every benchmark suite `npm run bench` runs, in order. Each suite adds one line here.
import type { BenchSuite } from './types';
import { phaserWeightSuite } from './phaser-weight';
import { gameFramesSuite } from './game-frames';
import { gameFirstFrameSuite } from './game-first-frame';
import { transactionsPageSuite } from './transactions-page';
import { firstLoadSuite } from './first-load';
import { floorSuite } from './floor';
import { apiThroughputSuite } from './api-throughput';
import { bankSyncSuite } from './bank-sync';
import { startUpSuite } from './start-up';
import { pageSpeedSuite } from './page-speed';
import { dataExportSuite } from './data-export';
import { lighthouseSuite } from './lighthouse';
import { lighthouseWhatIfSuite } from './lighthouse-what-if';

export const SUITES: BenchSuite[] = [
  phaserWeightSuite,
  gameFramesSuite,
  gameFirstFrameSuite,
  transactionsPageSuite,
  firstLoadSuite,
  floorSuite,
  pageSpeedSuite,
  lighthouseSuite,
  lighthouseWhatIfSuite,
  apiThroughputSuite,
  bankSyncSuite,
  dataExportSuite,
  startUpSuite,
];
