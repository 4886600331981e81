// The real entry point: `server/index.ts` migrates an empty data folder, serves, and exits
// cleanly (code 0) on SIGTERM; a configuration it must not run with stops it with one line.
import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

type Child = ChildProcessByStdio<null, Readable, Readable>;

/** Starts `server/index.ts` on an empty data folder with `extra` environment. */
async function startServer(extra: NodeJS.ProcessEnv) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-proc-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...extra,
  };
  delete env.DATABASE_URL; // the SQLite default, whatever the suite runs on
  for (const k of ['PLAID_CLIENT_ID', 'PLAID_SECRET', 'SIMULATED_BANKING', 'JWT_SECRET', 'ENCRYPTION_KEY'])
    if (!(k in extra)) delete env[k];
  const child: Child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  child.stdout.on('data', (d: Buffer) => (output.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output.text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { child, output, exited, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Resolves with the port once the server says it is listening; rejects if it exits first. */
function listeningPort(output: { text: string }, exited: Promise<number | null>) {
  return new Promise<number>((resolve, reject) => {
    const stop = () => {
      clearInterval(poll);
      clearTimeout(timeout);
    };
    const poll = setInterval(() => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output.text);
      if (m) {
        stop();
        resolve(Number(m[1]));
      }
    }, 50);
    const timeout = setTimeout(() => {
      stop();
      reject(new Error(`no start: ${output.text}`));
    }, 25_000);
    void exited.then((code) => {
      stop();
      reject(new Error(`exited with ${code}: ${output.text}`));
    });
  });
}

describe('server process', () => {
  it('when started on an empty data folder and sent SIGTERM, then it answers health and exits with 0', async () => {
    const s = await startServer({});
    const port = await listeningPort(s.output, s.exited);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok' });
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output.text).toContain('SIGTERM received, shutting down');
    await s.cleanup();
  });

  it('when started in production without Plaid keys, then it refuses with one line naming SIMULATED_BANKING', async () => {
    const s = await startServer({ NODE_ENV: 'production' });
    expect(await s.exited).toBe(1);
    const lines = s.output.text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('failed to start');
    expect(lines[0]).toContain('PLAID_CLIENT_ID and PLAID_SECRET');
    expect(lines[0]).toContain('SIMULATED_BANKING=true');
    expect(s.output.text).not.toContain('listening');
    await s.cleanup();
  });

  it('when started in production without the shared secrets, then it refuses with one line naming them', async () => {
    const s = await startServer({ NODE_ENV: 'production', SIMULATED_BANKING: 'true' });
    expect(await s.exited).toBe(1);
    const lines = s.output.text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('JWT_SECRET and ENCRYPTION_KEY');
    expect(s.output.text).not.toContain('listening');
    await s.cleanup();
  });

  it('when started in production without SMTP_URL, then it refuses with one line naming SMTP_URL and MAIL_OUTBOX', async () => {
    const s = await startServer({
      NODE_ENV: 'production',
      SIMULATED_BANKING: 'true',
      JWT_SECRET: 'j'.repeat(48),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(await s.exited).toBe(1);
    const lines = s.output.text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SMTP_URL');
    expect(lines[0]).toContain('MAIL_OUTBOX=true');
    expect(s.output.text).not.toContain('listening');
    await s.cleanup();
  });

  it('when started in production with SIMULATED_BANKING=true, then it serves the local sandbox', async () => {
    const s = await startServer({
      NODE_ENV: 'production',
      SIMULATED_BANKING: 'true',
      MAIL_OUTBOX: 'true',
      JWT_SECRET: 'j'.repeat(48),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    const port = await listeningPort(s.output, s.exited);
    expect(s.output.text).toContain('local sandbox');
    const script = await fetch(`http://127.0.0.1:${port}/plaid-sandbox/link-initialize.js`);
    expect(script.status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    await s.cleanup();
  });
});
