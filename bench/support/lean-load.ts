// A lean HTTP/1.1 load generator for suite api-throughput: `connections` keep-alive sockets, each
// sending its next request as soon as the answer before it has arrived, for `seconds`. It reads an
// answer's status line and headers and then only counts the body's bytes (by Content-Length or
// chunk sizes), never decoding or keeping them. autocannon turns every body into a string
// (`req.body += data`), which on this two-core machine cost it about 300 µs per 25.6 KB list
// answer: the list's figure was the load generator's speed, with the server idle half the time
// (CPU profile, issue 27). Latency is each answer's time from its request's write.
import net from 'node:net';

export interface LeanLoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LeanLoadResult {
  /** Answers completed within the window. */
  requests: number;
  rps: number;
  /** 99th percentile latency, ms. */
  p99: number;
  /** Answers that were not 2xx. */
  non2xx: number;
  /** Socket errors and malformed answers. */
  errors: number;
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

function requestBytes(o: LeanLoadOptions): Buffer {
  const u = new URL(o.url);
  const body = o.body === undefined ? null : Buffer.from(o.body);
  const lines = [`${o.method ?? 'GET'} ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`];
  for (const [k, v] of Object.entries(o.headers ?? {})) lines.push(`${k}: ${v}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

type State = 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'chunk-crlf' | 'trailer';

/** One connection's answer reader: feed it bytes, it calls `done(status)` per complete answer. */
export function answerReader(done: (status: number) => void, fail: (why: string) => void) {
  let state: State = 'head';
  let pending: Buffer | null = null;
  let skip = 0;
  let status = 0;
  let chunked = false;

  /** The bytes up to `marker` (consumed with it), or null when it has not arrived yet. */
  const line = (data: Buffer, off: number, marker: Buffer): [string, number] | null => {
    const joined: Buffer = pending ? Buffer.concat([pending, data.subarray(off)]) : data.subarray(off);
    const at = joined.indexOf(marker);
    if (at < 0) {
      pending = Buffer.from(joined);
      if (pending.length > 64 * 1024) fail('header section over 64 KB');
      return null;
    }
    pending = null;
    // The rest is handed back as an offset into `data` when nothing was pending, else as a copy.
    const text = joined.toString('latin1', 0, at);
    const consumed = at + marker.length;
    return [text, consumed];
  };

  function headersRead(head: string): void {
    const firstEnd = head.indexOf('\r\n');
    const statusLine = firstEnd < 0 ? head : head.slice(0, firstEnd);
    status = Number(statusLine.split(' ')[1]);
    const lower = head.toLowerCase();
    chunked = /\r\ntransfer-encoding:[^\r\n]*chunked/.test(lower);
    const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    if (chunked) state = 'chunk-size';
    else {
      skip = length ? Number(length[1]) : 0;
      state = 'body';
      if (skip === 0) finish();
    }
  }

  function finish(): void {
    state = 'head';
    done(status);
  }

  return function feed(data: Buffer): void {
    let off = 0;
    while (off < data.length) {
      if (state === 'body' || state === 'chunk-data' || state === 'chunk-crlf') {
        const n = Math.min(skip, data.length - off);
        skip -= n;
        off += n;
        if (skip > 0) return;
        if (state === 'body') finish();
        else if (state === 'chunk-data') {
          state = 'chunk-crlf';
          skip = CRLF.length;
        } else state = 'chunk-size';
        continue;
      }
      const hadPending = pending?.length ?? 0;
      const found = line(data, off, state === 'head' ? HEAD_END : CRLF);
      if (!found) return;
      const [text, consumed] = found;
      // `consumed` counts the pending bytes too; only the part of it inside `data` moves `off`.
      off += consumed - hadPending;
      if (state === 'head') headersRead(text);
      else if (state === 'chunk-size') {
        const size = parseInt(text.split(';')[0]!, 16);
        if (!Number.isFinite(size)) return fail(`bad chunk size ${JSON.stringify(text)}`);
        if (size === 0) state = 'trailer';
        else {
          state = 'chunk-data';
          skip = size;
        }
      } else if (state === 'trailer' && text === '') finish();
    }
  };
}

export async function leanLoad(o: LeanLoadOptions): Promise<LeanLoadResult> {
  const u = new URL(o.url);
  const request = requestBytes(o);
  const latencies: number[] = [];
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let running = true;
  const sockets: net.Socket[] = [];
  const started = performance.now();

  const open = () => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port), noDelay: true });
    sockets.push(socket);
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    const feed = answerReader(
      (status) => {
        if (!running) return;
        requests++;
        latencies.push(performance.now() - sentAt);
        if (status < 200 || status > 299) non2xx++;
        send();
      },
      () => {
        errors++;
        socket.destroy();
      },
    );
    socket.on('connect', send);
    socket.on('data', feed);
    socket.on('error', () => {
      if (running) errors++;
    });
  };
  for (let i = 0; i < o.connections; i++) open();
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  running = false;
  const elapsed = (performance.now() - started) / 1000;
  for (const s of sockets) s.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!
    : 0;
  return { requests, rps: requests / elapsed, p99: Math.round(p99 * 10) / 10, non2xx, errors };
}
