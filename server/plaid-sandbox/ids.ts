// Identifiers in Plaid's formats, and the seeded randomness that makes generated data repeatable.
import { randomBytes, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  // 62 * 4 = 248 < 256: the small modulo bias does not matter for identifiers.
  for (let i = 0; i < length; i++) out += BASE62[bytes[i] % 62];
  return out;
}

/** Tokens look like Plaid's sandbox ones: `<kind>-sandbox-<uuid>`. */
export const newToken = (kind: 'link' | 'public' | 'access') => `${kind}-sandbox-${randomUUID()}`;
export const tokenHasFormat = (kind: 'link' | 'public' | 'access', token: string) =>
  new RegExp(`^${kind}-sandbox-[0-9a-f-]{36}$`).test(token);

/** Plaid's item, account and transaction ids are 37 base62 characters. */
export const newItemId = () => randomBase62(37);

/** cyrb53: a fast, well-mixed 53-bit string hash (public domain). */
export function hash53(str: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A deterministic 37-character id derived from `parts`, so the same data keeps the same ids. */
export function stableId(...parts: (string | number)[]): string {
  const key = parts.join('|');
  let out = '';
  for (let round = 0; out.length < 37; round++) {
    let h = hash53(key, round);
    for (let i = 0; i < 8 && out.length < 37; i++) {
      out += BASE62[h % 62];
      h = Math.floor(h / 62);
    }
  }
  return out;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  /** Money in [min, max], rounded to cents. */
  amount(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32 seeded from a string: the same seed always yields the same sequence. */
export function seededRng(seed: string): Rng {
  let a = hash53(seed) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    amount: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}
