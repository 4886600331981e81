// The answer reader of bench/support/lean-load.ts: it must count each answer once, wherever the
// socket splits the bytes, for bodies by Content-Length and by chunks, and answers sent back to back.
import { describe, expect, it } from 'vitest';
import { answerReader } from '../../../bench/support/lean-load';

function reader() {
  const statuses: number[] = [];
  const failures: string[] = [];
  const feed = answerReader(
    (s) => statuses.push(s),
    (why) => failures.push(why),
  );
  return { statuses, failures, feed };
}

const byLength = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const chunked = (status: number, chunks: string[]) =>
  `HTTP/1.1 ${status} X\r\nTransfer-Encoding: chunked\r\n\r\n${chunks
    .map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`)
    .join('')}0\r\n\r\n`;

describe('lean load answer reader', () => {
  const stream =
    byLength(200, 'Hello World!') +
    chunked(200, ['{"a":', '1}', 'x'.repeat(300)]) +
    byLength(404, '') +
    chunked(201, ['done']) +
    byLength(200, 'é'.repeat(1000));

  it('counts back-to-back answers in one piece', () => {
    const r = reader();
    r.feed(Buffer.from(stream));
    expect(r.statuses).toEqual([200, 200, 404, 201, 200]);
    expect(r.failures).toEqual([]);
  });

  it.each([1, 2, 3, 7, 64, 1000])('counts them the same when split every %i bytes', (size) => {
    const r = reader();
    const bytes = Buffer.from(stream);
    for (let i = 0; i < bytes.length; i += size) r.feed(bytes.subarray(i, i + size));
    expect(r.statuses).toEqual([200, 200, 404, 201, 200]);
    expect(r.failures).toEqual([]);
  });

  it('waits for the rest of a body before counting it', () => {
    const r = reader();
    const whole = Buffer.from(byLength(200, 'abcdef'));
    r.feed(whole.subarray(0, whole.length - 1));
    expect(r.statuses).toEqual([]);
    r.feed(whole.subarray(whole.length - 1));
    expect(r.statuses).toEqual([200]);
  });

  it('reports a malformed chunk size', () => {
    const r = reader();
    r.feed(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'));
    expect(r.failures).toHaveLength(1);
    expect(r.statuses).toEqual([]);
  });
});
