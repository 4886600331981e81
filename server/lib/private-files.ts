// The data folder holds the database, the generated secrets and the e-mail outbox: readable by
// the server's own user only. Folders are 0700 and files 0600, also when they already existed
// (a folder made by an older version, or by hand, was 0755 with 0644 files).
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (0700) if needed and makes it and everything in it private. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

function tighten(dir: string): void {
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    // Links are left alone: chmod would change whatever they point at, maybe outside the folder.
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) tighten(p);
    else if (entry.isFile()) chmodSync(p, PRIVATE_FILE_MODE);
  }
}

/**
 * Makes sure `file` exists with mode 0600 before a library opens it. SQLite gives the `-wal` and
 * `-shm` files it creates the database file's mode, so they are private too.
 */
export function privateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  if (!lstatSync(file).isSymbolicLink()) chmodSync(file, PRIVATE_FILE_MODE);
}
