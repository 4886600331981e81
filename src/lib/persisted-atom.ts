// A Jotai atom mirrored to one local-storage key through a codec that validates what it reads:
// bad JSON or out-of-range values fall back to the default instead of crashing a page.
import { atom, type createStore, type WritableAtom } from 'jotai';

export interface Codec<T> {
  /** Turns the stored text (null when absent) into a valid value, or the default. */
  parse(raw: string | null): T;
  /** Text to store; null removes the key. */
  serialize(value: T): string | null;
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
/** True when `key` holds a value in storage: a figure this browser kept from before. */
export const isStored = (key: string): boolean => safeGet(key) !== null;
function safeSet(key: string, text: string | null): void {
  try {
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // Storage full or blocked (private mode): keep the in-memory value.
  }
}

/**
 * Writing RESET removes the key and returns the atom to its default. Our own symbol: jotai/utils'
 * one brought that module's other helpers into every screen's first load (issue 30).
 */
export const RESET: unique symbol = Symbol('RESET');
export type PersistedAtom<T> = WritableAtom<T, [T | typeof RESET | ((prev: T) => T)], void> & {
  storageKey: string;
};

/**
 * Bumped when storage was changed behind the atoms' backs (progress cleared, storage wiped):
 * a cached value from an older epoch is ignored and the key is read again.
 */
const storageEpochAtom = atom(0);

/**
 * The atom reads storage the first time it is used in a store, after `reloadPersistedAtoms`,
 * and whenever another tab changes the key; every write goes straight to storage.
 */
export function persistedAtom<T>(key: string, codec: Codec<T>): PersistedAtom<T> {
  // What this tab last wrote, or a marker that sends the next read to storage.
  const base = atom<{ v: T; epoch: number } | { stale: true }>({ stale: true });
  const a = atom(
    (get) => {
      const epoch = get(storageEpochAtom);
      const cached = get(base);
      return 'v' in cached && cached.epoch === epoch ? cached.v : codec.parse(safeGet(key));
    },
    (get, set, update: T | typeof RESET | ((prev: T) => T)) => {
      const epoch = get(storageEpochAtom);
      if (update === RESET) {
        safeSet(key, null);
        set(base, { v: codec.parse(null), epoch });
        return;
      }
      const prev = get(a);
      const next = typeof update === 'function' ? (update as (p: T) => T)(prev) : update;
      const text = codec.serialize(next);
      safeSet(key, text);
      // Store what a later read would give back, so memory and storage never disagree.
      set(base, { v: codec.parse(text), epoch });
    },
  ) as PersistedAtom<T>;
  base.onMount = (setBase) => {
    // A new marker object each time: Jotai ignores a set to the value an atom already holds, so
    // re-setting one shared marker (or null) would leave a tab that never wrote the key on its
    // first read.
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) setBase({ stale: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  };
  a.storageKey = key;
  return a;
}

type Store = ReturnType<typeof createStore>;

/** Makes every persisted atom in `store` read storage again (after storage was changed directly). */
export function reloadPersistedAtoms(store: Store): void {
  store.set(storageEpochAtom, (e) => e + 1);
}

/** Removes `keys` from storage and resyncs the atoms, so no atom keeps a stale cached value. */
export function removeStoredKeys(store: Store, keys: Iterable<string>): void {
  for (const k of keys) safeSet(k, null);
  reloadPersistedAtoms(store);
}

// ---- Codecs (the rest, for numbers, JSON and dates, are in storage-codecs.ts) ---------------

export const stringCodec = (fallback: string | null = null): Codec<string | null> => ({
  parse: (raw) => (raw === null || raw === '' ? fallback : raw),
  serialize: (v) => (v === null ? null : v),
});

/** Flags are stored as `true`; false removes the key. */
export const flagCodec: Codec<boolean> = {
  parse: (raw) => raw === 'true',
  serialize: (v) => (v ? 'true' : null),
};
