// Answers that many requests ask for unchanged (a user's whole transaction list: 2,000 rows are
// 500 KB of JSON) are serialised and compressed once per version of their data, then sent as
// bytes. Each slot is keyed (e.g. by user) and tagged with the version its data was read at; a
// request that brings a newer version rebuilds it. Least recently used slots go first when the
// cache holds more than its byte budget.
import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncodings, type Encoding } from './accept-encoding';

type Compressed = Exclude<Encoding, 'identity'>;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Brotli at quality 5 takes about as long as gzip's default level and is some 20% smaller. */
const COMPRESS: Record<Compressed, (b: Buffer) => Promise<Buffer>> = {
  br: (b) =>
    brotli(b, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
      },
    }),
  gzip: (b) => gz(b, { level: 6 }),
};

interface Slot {
  version: number;
  json: Promise<Buffer>;
  /** Compressed copies, each made with the first request that asks for it. */
  compressed: Partial<Record<Compressed, Promise<Buffer>>>;
  bytes: number;
}

export function encodedJsonCache<K>(opts: { maxBytes: number }) {
  const slots = new Map<K, Slot>();
  let total = 0;

  const drop = (key: K, slot: Slot) => {
    if (slots.get(key) !== slot) return;
    slots.delete(key);
    total -= slot.bytes;
  };
  /** Counts a built buffer against the budget, dropping the least recently used slots. */
  const count = (key: K, slot: Slot, buffer: Buffer) => {
    slot.bytes += buffer.length;
    if (slots.get(key) !== slot) return;
    total += buffer.length;
    for (const [k, s] of slots) {
      if (total <= opts.maxBytes) break;
      drop(k, s);
    }
  };

  function slotFor(key: K, version: number, produce: () => Promise<unknown>): Slot {
    const known = slots.get(key);
    if (known && known.version >= version) {
      // Most recently used last, so eviction starts with the others.
      slots.delete(key);
      slots.set(key, known);
      return known;
    }
    if (known) drop(key, known);
    const slot: Slot = {
      version,
      json: produce().then((value) => Buffer.from(JSON.stringify(value))),
      compressed: {},
      bytes: 0,
    };
    slots.set(key, slot);
    // A failed build is not kept: the next request tries again.
    slot.json.then(
      (json) => count(key, slot, json),
      () => drop(key, slot),
    );
    return slot;
  }

  return {
    /** Sends `key`'s JSON at `version` (or newer) in the encoding the request prefers. */
    async send(req: Request, res: Response, key: K, version: number, produce: () => Promise<unknown>) {
      const slot = slotFor(key, version, produce);
      const encoding = acceptedEncodings(req.get('accept-encoding'))[0]!;
      let body = await slot.json;
      if (encoding !== 'identity') {
        let compressed = slot.compressed[encoding];
        if (!compressed) {
          compressed = COMPRESS[encoding](body);
          slot.compressed[encoding] = compressed;
          compressed.then(
            (b) => count(key, slot, b),
            () => delete slot.compressed[encoding],
          );
        }
        body = await compressed;
        res.setHeader('Content-Encoding', encoding);
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Length', body.length);
      res.end(body);
    },
  };
}
