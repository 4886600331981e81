// Packages that only some set-ups or some requests need (the Plaid SDK, PostgreSQL's driver, the
// mailer) are loaded when first used instead of at start-up: the Plaid SDK alone is a 9.7 MB file
// that took 0.3 to 0.8 s of the server's start on the 2-core test machine (issue 14).
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** The package's CommonJS exports, loaded (once, Node caches it) on the first call. */
export function lazyRequire<T>(name: string): () => T {
  return () => load(name) as T;
}
