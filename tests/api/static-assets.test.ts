// The built app's files are sent as the brotli or gzip copies the build wrote beside them, chosen
// by the request's Accept-Encoding, with headers that let caches keep each encoding apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../../build/precompress-plugin';
import { createTestServer, type TestServer } from '../support/server';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body is read as bytes, not decoded (fetch would decompress it on its own). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const CHROMIUM = 'gzip, deflate, br, zstd';

describe('the built app is sent pre-compressed', () => {
  let s: TestServer;
  let dir: string;
  let script: Buffer;
  let html: Buffer;
  const JS = '/assets/index-Ab12Cd34.js';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bq-static-'));
    await mkdir(path.join(dir, 'assets'));
    script = Buffer.from(
      Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2; // line ${i}\n`).join(''),
    );
    html = Buffer.from(
      `<!doctype html><html><head><title>Budget Quest</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`,
    );
    await writeFile(path.join(dir, JS), script);
    await writeFile(path.join(dir, 'index.html'), html);
    await writeFile(path.join(dir, 'assets', 'tiny-Ab12Cd34.js'), 'export {};\n');
    await writeFile(
      path.join(dir, `${JS}.map`),
      JSON.stringify({ version: 3, mappings: 'AAAA;'.repeat(400) }),
    );
    await precompressDir(dir);
    s = await createTestServer({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await s.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('when the build ran, then each text file has a smaller brotli and gzip copy and a tiny one has none', () => {
    expect(existsSync(path.join(dir, `${JS}.br`))).toBe(true);
    expect(existsSync(path.join(dir, `${JS}.gz`))).toBe(true);
    // Source maps too, at a cheaper brotli quality.
    expect(existsSync(path.join(dir, `${JS}.map.br`))).toBe(true);
    expect(existsSync(path.join(dir, `${JS}.map.gz`))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'tiny-Ab12Cd34.js.br'))).toBe(false);
  });

  it('when a browser accepts brotli (Chromium lists gzip first), then the script is sent brotli', async () => {
    for (const accept of [CHROMIUM, 'br', 'br;q=1, gzip;q=0.5']) {
      const res = await raw(s.url + JS, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A script needs no page policy of its own; it must not be sniffed or loaded by other sites.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      // Hashed names never change: nothing revalidates them.
      expect(res.headers['last-modified']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(script.length);
      expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
      // The copy made at build time, not one compressed for this request.
      expect(res.body.equals(await readFile(path.join(dir, `${JS}.br`)))).toBe(true);
    }
  });

  it('when a client accepts gzip but not brotli, then the script is sent gzip', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip, *;q=0']) {
      const res = await raw(s.url + JS, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(res.body).equals(script)).toBe(true);
      expect(res.body.equals(await readFile(path.join(dir, `${JS}.gz`)))).toBe(true);
    }
  });

  it('when a client asks for no compression, then the script is sent as it is', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate, br;q=0' },
    ]) {
      const res = await raw(s.url + JS, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.body.equals(script)).toBe(true);
    }
  });

  it('when the page itself is asked for, then / is index.html, brotli and revalidated', async () => {
    const res = await raw(`${s.url}/`, { 'accept-encoding': CHROMIUM });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The page revalidates (no-cache), by its date.
    expect(res.headers['last-modified']).toBeTruthy();
    expect(brotliDecompressSync(res.body).equals(html)).toBe(true);
    expect(res.body.equals(await readFile(path.join(dir, 'index.html.br')))).toBe(true);
  });

  it('when the browser revalidates the page with its date, then it gets 304 and no body', async () => {
    const first = await raw(`${s.url}/`, { 'accept-encoding': CHROMIUM });
    const again = await raw(`${s.url}/`, {
      'accept-encoding': CHROMIUM,
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('when a HEAD is sent, then it gets the headers of the chosen encoding and no body', async () => {
    const res = await raw(s.url + JS, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe((await readFile(path.join(dir, `${JS}.gz`))).length);
    expect(res.body.length).toBe(0);
  });

  it('when the static folder has no assets folder, then the server still starts and serves the page', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'bq-static-bare-'));
    await writeFile(path.join(bare, 'index.html'), html);
    const other = await createTestServer({ env: { STATIC_DIR: bare } });
    try {
      const res = await raw(`${other.url}/`, { 'accept-encoding': CHROMIUM });
      expect(res.status).toBe(200);
      expect(res.body.equals(html)).toBe(true);
    } finally {
      await other.close();
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('when a file has no compressed copy, then it is still served, and API JSON is still compressed', async () => {
    const tiny = await raw(`${s.url}/assets/tiny-Ab12Cd34.js`, { 'accept-encoding': CHROMIUM });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-type']).toMatch(/^text\/javascript/);
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body.toString()).toBe('export {};\n');
    const token = await s.register();
    for (let i = 0; i < 30; i++)
      await s.req('POST', '/api/transactions/manual', { amount: 12.5, name: `Coffee ${i}` }, token);
    const list = await raw(`${s.url}/api/transactions/manual`, {
      'accept-encoding': 'gzip',
      authorization: `Bearer ${token}`,
    });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.body).toString())).toHaveLength(30);
  });
});
