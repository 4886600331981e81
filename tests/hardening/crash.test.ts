// Part 5 of issue 15: kill -9 the server in the middle of the load, start it again on the same
// data: every acknowledged write is there (unanswered ones at most once), SQLite's integrity check
// passes, and the bank syncs resumed after the restart list no transaction twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serverHome,
  startServer,
  stopServer,
  usingPostgres,
  type RunningServer,
  type ServerHome,
} from '../support/server-process';
import { fetcher } from '../support/http';
import { populate, runLoad, verify } from '../support/hardening/load';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const KILL_AFTER_S = Number(process.env.CRASH_AFTER_SECONDS ?? 6);

let home: ServerHome;
let server: RunningServer;

beforeAll(async () => {
  home = await serverHome();
  server = await startServer(home);
}, 60_000);
afterAll(async () => {
  if (server) await stopServer(server);
  await home?.cleanup();
});

describe('crash', () => {
  it('when the server is killed with SIGKILL mid-load and started again, then every acknowledged write is there once', async () => {
    const call = fetcher(() => server.url);
    const pop = await populate(call, home.env, CLIENTS);
    let killed = false;
    const load = runLoad(call, home.env, pop, () => killed);
    await new Promise((r) => setTimeout(r, KILL_AFTER_S * 1000));
    server.child.kill('SIGKILL');
    await server.exited;
    killed = true;
    const stats = await load; // every client's last request failed with no answer
    expect(stats.unanswered).toBeGreaterThan(0);
    expect(stats.serverErrors).toEqual([]);

    server = await startServer(home);
    if (!usingPostgres) {
      const db = home.openDb();
      const rows = (await db.raw('PRAGMA integrity_check')) as { integrity_check: string }[];
      await db.destroy();
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    }
    const { problems, writes } = await verify(call, home.env, pop);
    console.info(
      `crash: killed after ${KILL_AFTER_S} s of load, ${stats.requests} requests (${stats.unanswered} unanswered), ${writes} acknowledged writes verified after restart`,
    );
    expect(problems).toEqual([]);
    expect(writes).toBeGreaterThan(0);
  }, 180_000);
});
