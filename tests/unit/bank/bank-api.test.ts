import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankApi } from '@/bank/api';
import { manualApi } from '@/bank/manual-api';
import { linkExitMessage, linkStepMessage, LINK_MESSAGES } from '@/bank/link/link-errors';
import { isPlaidRedirect } from '@/bank/link/redirect';
import { formatSignedAmount, formatDate } from '@/domain/format';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchTransactions', () => {
  const notReady = () => json(503, { error: 'x', details: 'Transactions are not yet ready.' });
  const ready = () => json(200, { transactions: [], total_transactions: 0, request_id: 'r' });

  it('when the bank data is not yet ready, then it retries after 1 s, 2 s and 4 s and returns the data', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { error: 'Your bank data is not yet ready.' }))
      .mockResolvedValueOnce(notReady())
      .mockResolvedValueOnce(notReady())
      .mockResolvedValueOnce(ready());
    vi.stubGlobal('fetch', fetchMock);
    let settled = false;
    const pending = bankApi.fetchTransactions().finally(() => (settled = true));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Each retry waits its full delay: not a millisecond less.
    for (const [delay, calls] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchMock).toHaveBeenCalledTimes(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(calls);
    }
    expect((await pending).total_transactions).toBe(0);
    expect(settled).toBe(true);
  });

  it('when it is still not ready after the three retries (7 s), then it gives up with the server text', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockImplementation(async () => notReady());
    vi.stubGlobal('fetch', fetchMock);
    const outcome = bankApi.fetchTransactions().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(7000 - 1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ message: 'Transactions are not yet ready.', status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('when another error answers, then it is not retried', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(500, { error: 'Bank down' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(bankApi.fetchTransactions()).rejects.toThrow('Bank down');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the server sends neither details nor error, then the message is the spec fallback', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 502 })));
    await expect(bankApi.fetchTransactions()).rejects.toThrow('Failed to fetch transactions');
  });
});

describe('other bank calls', () => {
  it('when nothing is linked, then accounts answer an empty list and nothing is logged', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, [])));
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    expect(await bankApi.accounts()).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
  it('when accounts come as a list or wrapped as { accounts }, then the list is returned', async () => {
    const acc = { id: 'a1', name: 'Checking' };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, [acc])));
    expect(await bankApi.accounts()).toEqual([acc]);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { accounts: [acc] })));
    expect(await bankApi.accounts()).toEqual([acc]);
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
    await manualApi.add({ amount: 4.5, category: 'Need', description: '  Bus  ' });
    await manualApi.add({ amount: 4.5, category: 'Want' });
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
