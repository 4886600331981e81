// The storage codecs for numbers, JSON and date lists (persisted-atom.ts has the atom and the
// string and flag codecs): apart, so the sign-in screen's first load, which stores only a token
// and a flag, does not carry them (issue 30).
import type { Codec } from './persisted-atom';

/** A finite number, clamped to [min, max] and optionally rounded; anything else is the fallback. */
export function numberCodec(opts: {
  fallback: number;
  min?: number;
  max?: number;
  integer?: boolean;
}): Codec<number> {
  const clamp = (n: number) => {
    let v = opts.integer ? Math.round(n) : n;
    if (opts.min !== undefined) v = Math.max(opts.min, v);
    if (opts.max !== undefined) v = Math.min(opts.max, v);
    return v;
  };
  return {
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return opts.fallback;
      const n = Number(raw);
      return Number.isFinite(n) ? clamp(n) : opts.fallback;
    },
    serialize: (v) => String(clamp(Number.isFinite(v) ? v : opts.fallback)),
  };
}

/** A positive number or null (absent). */
export const optionalPositiveNumberCodec: Codec<number | null> = {
  parse: (raw) => {
    if (raw === null || raw.trim() === '') return null;
    const n = Number(raw);
    return Number.isFinite(n) && n > 0 ? n : null;
  },
  serialize: (v) => (v === null || !Number.isFinite(v) || v <= 0 ? null : String(v)),
};

/** JSON validated by `check`, which returns the cleaned value or null when unusable. */
export function jsonCodec<T>(
  fallback: T,
  check: (v: unknown) => T | null,
  isEmpty?: (v: T) => boolean,
): Codec<T> {
  return {
    parse: (raw) => {
      if (raw === null) return fallback;
      try {
        return check(JSON.parse(raw)) ?? fallback;
      } catch {
        return fallback;
      }
    },
    serialize: (v) => {
      const clean = v === null ? null : check(v);
      return clean === null || isEmpty?.(clean) ? null : JSON.stringify(clean);
    },
  };
}

/** A real calendar date written YYYY-MM-DD ('2024-02-30' is not one). */
function isDateKey(d: unknown): d is string {
  if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const [y, m, day] = d.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, day));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === day;
}

/** Unique YYYY-MM-DD dates, sorted, keeping only the last `max`. */
export function dateListCodec(max: number): Codec<string[]> {
  const clean = (v: unknown): string[] | null => {
    if (!Array.isArray(v)) return null;
    const dates = [...new Set(v.filter(isDateKey))];
    dates.sort();
    return dates.slice(-max);
  };
  return jsonCodec<string[]>([], clean, (v) => v.length === 0);
}
