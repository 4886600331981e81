import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';

describe('the API shell', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('when the health check is called, then it answers 200 ok', async () => {
    const res = await s.req('GET', '/api/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('when an unknown API path is called, then it answers 404 with a JSON error', async () => {
    for (const [method, path] of [
      ['GET', '/api/x'],
      ['POST', '/api/auth/nothing-here'],
    ]) {
      const res = await s.req(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    }
  });
});
