// Starts the server for the browser tests with an empty data folder (the outbox is read by tests).
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  stdio: 'inherit',
  env: process.env,
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
