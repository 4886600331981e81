import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankApi, manualApi } from '@/lib/bank-api';
import { linkExitMessage, linkStepMessage, LINK_MESSAGES } from '@/components/bank-link/link-errors';
import { isPlaidRedirect } from '@/components/bank-link/redirect';
import { formatSignedAmount, formatDate } from '@/domain/format';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchTransactions', () => {
  it('when the bank data is not yet ready, then it retries after 1 s, 2 s and 4 s and returns the data', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { error: 'Your bank data is not yet ready.' }))
      .mockResolvedValueOnce(json(503, { error: 'x', details: 'Transactions are not yet ready.' }))
      .mockResolvedValueOnce(json(200, { transactions: [], total_transactions: 0, request_id: 'r' }));
    vi.stubGlobal('fetch', fetchMock);
    const delays: number[] = [];
    const res = await bankApi.fetchTransactions([1, 2, 4].map((d) => (delays.push(d), d)));
    expect(res.total_transactions).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when it is still not ready after three retries, then it gives up with the server text', async () => {
    const fetchMock = vi
      .fn()
      .mockImplementation(async () => json(503, { error: 'e', details: 'still not yet ready' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(bankApi.fetchTransactions([0, 0, 0])).rejects.toThrow('still not yet ready');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('when the server sends neither details nor error, then the message is the spec fallback', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 502 })));
    await expect(bankApi.fetchTransactions([])).rejects.toThrow('Failed to fetch transactions');
  });

  it('when the spec delays are used, then they are 1 s, 2 s and 4 s', async () => {
    const { RETRY_DELAYS_MS } = await import('@/lib/bank-api');
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000, 4000]);
  });
});

describe('other bank calls', () => {
  it('when accounts answer 404, then the list is empty', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(404, { error: 'none' })));
    expect(await bankApi.accounts()).toEqual([]);
  });
  it('when accounts fail otherwise, then the error is the spec text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(500, { error: 'boom' })));
    await expect(bankApi.accounts()).rejects.toThrow('Failed to fetch accounts');
  });
  it('when the link token is missing from the answer, then the error is the spec text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, {})));
    await expect(bankApi.createLinkToken()).rejects.toThrow('No link token received from server');
  });
  it('when the link token call fails, then the error is the spec text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(502, { error: 'x' })));
    await expect(bankApi.createLinkToken()).rejects.toThrow(
      'Failed to create Plaid link token. Please try again.',
    );
  });
  it('when disconnect fails with a server error, then that error is shown, else the spec text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(502, { error: 'Bank said no' })));
    await expect(bankApi.disconnect()).rejects.toThrow('Bank said no');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500 })));
    await expect(bankApi.disconnect()).rejects.toThrow(
      'Failed to disconnect bank account. Please try again.',
    );
  });
  it('when the manual helper gets a description, then it is sent as the name', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => json(201, { id: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await manualApi.add(4.5, 'Need', '  Bus  ');
    await manualApi.add(4.5, 'Want');
    const bodies = fetchMock.mock.calls.map((c) => JSON.parse((c[1] as RequestInit).body as string));
    expect(bodies[0]).toMatchObject({ amount: 4.5, category: 'Need', name: 'Bus' });
    expect(bodies[1]).toMatchObject({ name: 'Manual Expense' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/transactions/manual');
  });
});

describe('link messages', () => {
  it('when Link exits with a known code, then the spec message for it is shown', () => {
    const e = (code: string) => ({
      error_code: code,
      error_type: 'ITEM_ERROR',
      error_message: 'm',
      display_message: null,
    });
    expect(linkExitMessage(e('INVALID_CREDENTIALS'))).toBe(
      'Invalid bank credentials. Please check your username and password.',
    );
    expect(linkExitMessage(e('ITEM_LOGIN_REQUIRED'))).toBe(
      'Your bank login has expired. Please reconnect your account.',
    );
    expect(linkExitMessage(e('INSTITUTION_REGISTRATION_REQUIRED'))).toBe(
      'This bank is not yet available. Please try a different bank or contact support.',
    );
    expect(linkExitMessage(e('INSTITUTION_DOWN'))).toBe('Failed to connect bank account. Please try again.');
  });
  it('when a step after Link fails, then it reads "Error: {message}"', () => {
    expect(linkStepMessage('Failed to exchange public token. Please try again.')).toBe(
      'Error: Failed to exchange public token. Please try again.',
    );
    expect(linkStepMessage(undefined)).toBe(LINK_MESSAGES.unexpected);
    expect(linkStepMessage('Failed to fetch transactions', 'PRODUCT_NOT_READY')).toBe(
      'Error: Failed to fetch transactions',
    );
    expect(LINK_MESSAGES.init).toBe('Failed to initialize Plaid Link. Please try again.');
  });
  it('when the first sync finds the login expired, then the spec sentence shows without "Error: "', () => {
    expect(
      linkStepMessage('Your bank login has expired. Please reconnect your account.', 'ITEM_LOGIN_REQUIRED'),
    ).toBe('Your bank login has expired. Please reconnect your account.');
  });
});

describe('plaid redirect', () => {
  it('when the address has a bank-link scheme and a link_session_id, then it is a redirect', () => {
    expect(isPlaidRedirect('budgetquest://plaid-oauth?link_session_id=abc')).toBe(true);
    expect(isPlaidRedirect('http://localhost:3000/#/oauth?link_session_id=abc&oauth_state_id=1')).toBe(true);
    expect(isPlaidRedirect('http://localhost:3000/plaid/?link_session_id=abc')).toBe(true);
  });
  it('when either part is missing, then it is not', () => {
    expect(isPlaidRedirect('http://localhost:3000/#/home?link_session_id=abc')).toBe(false);
    expect(isPlaidRedirect('http://localhost:3000/#/oauth')).toBe(false);
    expect(isPlaidRedirect('not a url')).toBe(false);
  });
});

describe('formatting', () => {
  it('when an amount is positive, then it is an expense with a minus sign; negative is income with a plus', () => {
    expect(formatSignedAmount(12.34)).toEqual({ text: '\u2212$12.34', direction: 'expense' });
    expect(formatSignedAmount(-1500)).toEqual({ text: '+$1,500.00', direction: 'income' });
  });
  it('when a date is a plain day, then it is shown without a time-zone shift', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
  });
});
