// Reads the password reset e-mails the server writes to its outbox folder (no SMTP in tests).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../../playwright.config';

const OUTBOX = path.resolve(E2E_DATA_DIR, 'outbox');

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` byte escapes. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

async function newestMailTo(email: string, outbox: string): Promise<string | null> {
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((n) => n.endsWith('.eml'));
  } catch {
    return null;
  }
  const files = await Promise.all(
    names.map(async (n) => {
      const file = path.join(outbox, n);
      return { file, mtime: (await stat(file)).mtimeMs };
    }),
  );
  files.sort((a, b) => b.mtime - a.mtime);
  for (const { file } of files) {
    const text = decodeQuotedPrintable(await readFile(file, 'utf8'));
    if (text.toLowerCase().includes(email.toLowerCase())) return text;
  }
  return null;
}

const RESET_LINK = /https?:\/\/[^\s"'<>]+#\/reset-password\?token=[^\s"'<>]+/;

/**
 * Waits for the newest reset e-mail to `email` and returns the reset link in it; `outbox` is the
 * browser tests' server's unless another server's folder is given (the scale test's instances).
 */
export async function waitForResetLink(email: string, timeoutMs = 10_000, outbox = OUTBOX): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = (await newestMailTo(email, outbox))?.match(RESET_LINK)?.[0];
    if (link) return link;
    if (Date.now() > deadline)
      throw new Error(`No reset e-mail to ${email} in ${outbox} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
