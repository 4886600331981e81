// What may be logged about an error: its code and a short, value-free description. A database
// error's message holds the SQL with its values (tokens, ciphertexts, names), so it is never logged.

/** PostgreSQL and SQLite report a UNIQUE violation differently. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''))
  );
}

const isDbError = (e: { code?: unknown; errno?: unknown; routine?: unknown; severity?: unknown }) =>
  (typeof e.code === 'string' && (/^SQLITE_/.test(e.code) || /^[0-9A-Z]{5}$/.test(e.code))) ||
  e.routine !== undefined ||
  e.severity !== undefined;

/** A loggable summary of any thrown value: `{ code, err }` with no data from the request. */
export function errorSummary(err: unknown): { code?: string; err: string } {
  if (typeof err !== 'object' || err === null) return { err: typeof err };
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code.slice(0, 40) : undefined;
  if (isDbError(e as Record<string, unknown>)) return { code, err: 'database error' };
  const name = typeof e.name === 'string' ? e.name.slice(0, 40) : 'Error';
  // First line only, cut short: stack traces and wrapped payloads stay out of the log.
  const message = typeof e.message === 'string' ? e.message.split('\n')[0].slice(0, 120) : '';
  return { ...(code ? { code } : {}), err: message ? `${name}: ${message}` : name };
}
