// The route list the authorization matrix and the fuzzer are built from: read from the router.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createTestServer, type TestServer } from '../support/server';
import { listEndpoints } from '../support/hardening/endpoints';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => s?.close());

describe('the endpoint list', () => {
  it('when read from the router, then it holds the protected API routes and the public ones as such', async () => {
    const list = await listEndpoints(createApp(s.deps));
    const find = (method: string, path: string) => list.find((e) => e.method === method && e.path === path);
    expect(find('GET', '/api/auth/me')?.protected).toBe(true);
    expect(find('DELETE', '/api/transactions/manual/:id')?.protected).toBe(true);
    expect(find('GET', '/api/plaid/transactions')?.protected).toBe(true);
    expect(find('POST', '/api/progress/events')?.protected).toBe(true);
    expect(find('POST', '/api/auth/login')?.protected).toBe(false);
    expect(find('GET', '/api/health')?.protected).toBe(false);
    expect(find('POST', '/plaid-sandbox/transactions/sync')?.area).toBe('sandbox');
    expect(list.filter((e) => e.area === 'api' && e.protected).length).toBeGreaterThanOrEqual(14);
  });
});
