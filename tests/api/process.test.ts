// The real entry point: `server/index.ts` migrates an empty data folder, serves, and exits
// cleanly (code 0) on SIGTERM.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('server process', () => {
  it('when started on an empty data folder and sent SIGTERM, then it answers health and exits with 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-proc-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL; // the SQLite default, whatever the suite runs on
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 25_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok' });
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(out).toContain('SIGTERM received, shutting down');
    await rm(dataDir, { recursive: true, force: true });
  });
});
