// `npm audit --omit=dev`, failing on any high or critical advisory of a runtime dependency
// (issue 15, part 8). Where the registry offers no advisory endpoint (this workplace's npm mirror
// answers 405 to npm's bulk advisory request), it says so plainly and checks nothing: a missing
// advisory database is reported as not checked, never as a clean audit.
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './audit-verdict.mjs';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  console.error(`npm audit: could not read its answer\n${run.stderr}`);
  process.exit(1);
}
const verdict = auditVerdict(report);
(verdict.ok ? console.info : console.error)(verdict.message);
process.exit(verdict.ok ? 0 : 1);
