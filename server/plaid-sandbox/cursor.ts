// /transactions/sync cursors, signed with an HMAC keyed by the server secret: a cursor the
// sandbox did not issue (forged, edited, or from another server) is refused before anything in
// it is believed, so no client can pick the time horizon or offset a sync works towards.
// Cursors stay stateless (any instance can verify them) and short (Plaid's bound is 256).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidField } from './errors';

export interface DataState {
  /** 0 = initial history, 1 = after the evolution (see data.ts). */
  v: number;
  /** Time horizon (epoch ms): scheduled transactions up to here have happened. */
  t: number;
  /** Custom transactions with an id up to here are included. */
  c: number;
}

export interface Cursor {
  /** The Item the cursor belongs to. */
  i: string;
  /** What the client already has; null = nothing yet. */
  s: DataState | null;
  /** While paging: the state being paged towards, and how far the pages got. */
  to?: DataState;
  o?: number;
}

const MAC_BYTES = 16;
type Packed = [string, number[] | null, number[] | null, number];

const pack = (s: DataState) => [s.v, s.t, s.c];
const unpack = (x: unknown): DataState | null =>
  Array.isArray(x) && x.length === 3 && x.every((n) => Number.isSafeInteger(n) && n >= 0)
    ? { v: x[0] as number, t: x[1] as number, c: x[2] as number }
    : null;

export function cursorCodec(serverSecret: Buffer) {
  const key = createHmac('sha256', serverSecret).update('plaid-sandbox-cursor').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  const invalid = () => invalidField('cursor is not a valid cursor');

  return {
    encode(c: Cursor): string {
      const packed: Packed = [c.i, c.s ? pack(c.s) : null, c.to ? pack(c.to) : null, c.o ?? 0];
      const payload = Buffer.from(JSON.stringify(packed), 'utf8').toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },

    /** The cursor a client sent back, verified; a missing one starts from nothing. */
    decode(raw: string | undefined, itemId: string): Cursor {
      if (!raw) return { i: itemId, s: null };
      const [payload, sig, extra] = raw.split('.');
      if (!payload || !sig || extra !== undefined) throw invalid();
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(payload))) throw invalid();
      let p: unknown;
      try {
        p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      // Signed by us, so well-formed; checked anyway so a bug can never turn into a loop.
      if (!Array.isArray(p) || p.length !== 4 || typeof p[0] !== 'string') throw invalid();
      const [i, s, to, o] = p as Packed;
      const state = s === null ? null : unpack(s);
      const target = to === null ? undefined : unpack(to);
      if ((s !== null && !state) || target === null || !Number.isSafeInteger(o) || o < 0) throw invalid();
      if (i !== itemId) throw invalidField('cursor does not belong to the Item of this access_token');
      return target ? { i, s: state, to: target, o } : { i, s: state };
    },
  };
}

export type CursorCodec = ReturnType<typeof cursorCodec>;
