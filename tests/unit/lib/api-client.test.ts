// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('when a token is stored, then it is sent as a bearer token to /api', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/auth/me')).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('when auth is off, then no token is sent', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/auth/login', { email: 'a', password: 'b' }, { auth: false });
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).not.toHaveProperty('Authorization');
  });

  it('when the server answers an error, then the ApiError carries the status and its error text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('{"error":"Nope","details":"More"}', { status: 409 })),
    );
    const err = await api.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'Nope', serverError: 'Nope', details: 'More' });
  });

  it('when the network fails, then the error has status 0 and code NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('when the server does not answer within 30 s, then the request is aborted with code TIMEOUT', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }),
    );
    let failure: unknown = null;
    void api.get('/slow').catch((e: unknown) => (failure = e));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(failure).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'The request timed out' });
  });
});
