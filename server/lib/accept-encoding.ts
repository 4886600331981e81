// Which encoding a client gets: the built app's files and the cached transaction lists are kept
// brotli and gzip encoded, and each request picks one by its Accept-Encoding.

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encodings a client accepts for an Accept-Encoding header, best first: brotli, gzip, then
 * the file itself. Order in the header does not matter (Chromium lists gzip first); only q-values
 * do, and `q=0` refuses an encoding, including through `*`.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  // The file itself is always an answer: refusing it too would leave only a 406, which helps no one.
  return [...(['br', 'gzip'] as const).filter(accepts), 'identity'];
}
