// The live bus (issue 27): tells every instance, and every open page through it, that a user's
// bank data, progress or session changed. Messages are announced inside the database transaction
// that made the change, so nobody hears of a change that was rolled back:
// - on PostgreSQL with `pg_notify`, which PostgreSQL delivers to every listening instance when the
//   transaction commits (and this instance hears its own change at once, on commit);
// - on SQLite (one instance by design) in process, on commit.
// The bus is one per database handle (keyed by its Knex config object, which a transaction's
// client shares with the handle's), so repositories reach it from the transaction they write in.
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { pgDriver } from '../db/knex';
import { currentOrigin } from '../lib/request-origin';

export type LiveKind = 'bank' | 'progress' | 'session';
export interface LiveMessage {
  userId: number;
  kind: LiveKind;
  /** The browser tab whose request made the change (lib/request-origin.ts), if it said. */
  origin?: string;
}
export type LiveListener = (msg: LiveMessage) => void;

/** Waits between attempts to listen again after the connection to PostgreSQL is lost. */
const RELISTEN_MS = [250, 1_000, 5_000];
const KINDS = new Set<LiveKind>(['bank', 'progress', 'session']);

export interface LiveBus {
  /** Announces `msg` when `trx` commits (at once when `trx` is no transaction). */
  announce(trx: Knex, msg: LiveMessage): Promise<void>;
  /** Hears every message of every user, from any instance; answers the unsubscribe. */
  subscribe(listener: LiveListener): () => void;
  /**
   * True while every other instance's messages are sure to arrive (in process: always; on
   * PostgreSQL: while LISTEN is up). Memory that other instances' changes invalidate (token and
   * bank data versions) may be trusted only while this holds; `onTrustLost` fires when it stops.
   */
  trusted(): boolean;
  onTrustLost(listener: () => void): () => void;
  /** Stops listening (the database handle is being closed). */
  close(): Promise<void>;
}

const buses = new WeakMap<object, LiveBus>();

/** The bus of this database handle (or of the handle a transaction belongs to). */
export function liveBus(db: Knex): LiveBus {
  const key = db.client.config as object;
  let bus = buses.get(key);
  if (!bus) {
    bus = db.client.config.client === 'pg' ? postgresBus(db) : inProcessBus();
    buses.set(key, bus);
  }
  return bus;
}

function fanOut() {
  const listeners = new Set<LiveListener>();
  const lost = new Set<() => void>();
  return {
    listeners,
    lost,
    emit(msg: LiveMessage) {
      for (const l of [...listeners]) {
        try {
          l(msg);
        } catch {
          // A listener's failure is its own; the others still hear.
        }
      }
    },
    subscribe(l: LiveListener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    onTrustLost(l: () => void) {
      lost.add(l);
      return () => void lost.delete(l);
    },
  };
}

/** Runs `fn` when `trx` commits, or now when it is not a transaction. */
function onCommit(trx: Knex, fn: () => void): void {
  const t = trx as unknown as Partial<Knex.Transaction>;
  if (t.isTransaction && t.executionPromise) t.executionPromise.then(fn, () => undefined);
  else fn();
}

/** The message with the tab whose request is being served, unless it names one. */
const withOrigin = (msg: LiveMessage): LiveMessage => {
  const origin = msg.origin ?? currentOrigin();
  return origin ? { ...msg, origin } : msg;
};

function inProcessBus(): LiveBus {
  const f = fanOut();
  return {
    async announce(trx, msg) {
      const m = withOrigin(msg);
      onCommit(trx, () => f.emit(m));
    },
    subscribe: f.subscribe,
    trusted: () => true,
    onTrustLost: f.onTrustLost,
    async close() {
      f.listeners.clear();
    },
  };
}

function parse(payload: string | undefined): (LiveMessage & { instance: string }) | null {
  try {
    const m = JSON.parse(payload ?? '') as { u?: unknown; k?: unknown; o?: unknown; c?: unknown };
    if (typeof m.u !== 'number' || !Number.isSafeInteger(m.u)) return null;
    if (typeof m.k !== 'string' || !KINDS.has(m.k as LiveKind)) return null;
    return {
      userId: m.u,
      kind: m.k as LiveKind,
      instance: typeof m.o === 'string' ? m.o : '',
      ...(typeof m.c === 'string' ? { origin: m.c } : {}),
    };
  } catch {
    return null;
  }
}

function postgresBus(db: Knex): LiveBus {
  const f = fanOut();
  const instance = randomUUID();
  const config = db.client.config as { connection: string | pg.ClientConfig; searchPath?: string[] };
  // One channel per schema, so test schemas (and apps) sharing a database never hear each other.
  const schema = config.searchPath?.[0] ?? 'public';
  const channel = `bq_live_${schema}`.replace(/[^a-z0-9_]/gi, '_').slice(0, 63);
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let starting: Promise<void> | null = null;

  const loseTrust = () => {
    if (!listening) return;
    listening = false;
    for (const l of [...f.lost]) l();
  };

  async function listen(): Promise<void> {
    if (closed || listening) return;
    const c = new (pgDriver().Client)(
      typeof config.connection === 'string' ? { connectionString: config.connection } : config.connection,
    );
    c.on('notification', (n) => {
      const msg = parse(n.payload);
      // This instance already heard its own message, on commit.
      if (msg && msg.instance !== instance) {
        const { instance: _from, ...message } = msg;
        f.emit(message);
      }
    });
    const broken = () => {
      if (client !== c) return;
      client = null;
      loseTrust();
      void c.end().catch(() => undefined);
      retry();
    };
    c.on('error', broken);
    c.on('end', broken);
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
    } catch {
      c.removeAllListeners('end');
      void c.end().catch(() => undefined);
      retry();
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    // The listening socket alone never keeps the process alive (tests, a shutting-down server).
    (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    client = c;
    listening = true;
    attempt = 0;
  }

  function retry() {
    if (closed) return;
    const wait = RELISTEN_MS[Math.min(attempt++, RELISTEN_MS.length - 1)];
    setTimeout(() => void start(), wait).unref();
  }

  function start(): Promise<void> {
    starting ??= listen().finally(() => (starting = null));
    return starting;
  }

  return {
    async announce(trx, msg) {
      const m = withOrigin(msg);
      // Delivered to the other instances by PostgreSQL when the transaction commits.
      const payload = { u: m.userId, k: m.kind, o: instance, ...(m.origin ? { c: m.origin } : {}) };
      await trx.raw('select pg_notify(?, ?)', [channel, JSON.stringify(payload)]);
      onCommit(trx, () => f.emit(m));
    },
    subscribe(l) {
      void start();
      return f.subscribe(l);
    },
    trusted() {
      if (!listening) void start();
      return listening;
    },
    onTrustLost: f.onTrustLost,
    async close() {
      closed = true;
      loseTrust();
      const c = client;
      client = null;
      f.listeners.clear();
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
