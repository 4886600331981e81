// The sandbox Link script in a browser-like DOM (jsdom), against the real sandbox server:
// the dialog a user sees, the callbacks the app gets, and the Plaid shapes they carry.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import { fireEvent, within } from '@testing-library/dom';
import { CountryCode, Products } from 'plaid';
import { startSandbox, type Sandbox } from '../support/plaid-sandbox-harness';
import { validatePlaidSchema } from '../support/plaid-openapi';

interface LinkHandler {
  open(): Promise<void>;
  exit(): void;
  destroy(): void;
}
interface LinkWindow {
  Plaid: { create(config: Record<string, unknown>): LinkHandler };
  document: Document;
  location: Location;
  fetch: typeof fetch;
  eval(code: string): void;
}
// jsdom ships no types; this is the slice of its API used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: Record<string, unknown>) => { window: unknown };
};

let sb: Sandbox;
let script = '';

beforeAll(async () => {
  sb = await startSandbox();
  script = await (await fetch(`${sb.url}/plaid-sandbox/link-initialize.js`)).text();
});
afterAll(async () => {
  await sb?.close();
});

/** A page of the app with the Link script loaded the way a <script src> would load it. */
function page() {
  const dom = new JSDOM(
    '<!doctype html><html><head></head><body><button id="connect">Connect a bank</button></body></html>',
    {
      url: `${sb.url}/`,
      runScripts: 'outside-only',
      pretendToBeVisual: true,
    },
  );
  const window = dom.window as LinkWindow;
  window.fetch = fetch;
  const tag = window.document.createElement('script');
  tag.src = '/plaid-sandbox/link-initialize.js';
  window.document.head.appendChild(tag);
  window.eval(script);
  return { window, body: within(window.document.body), document: window.document };
}

async function linkToken(extra: Record<string, unknown> = {}) {
  const res = await sb.ok('/link/token/create', (p) =>
    p.linkTokenCreate({
      user: { client_user_id: 'u1' },
      client_name: 'Budget Quest',
      products: [Products.Transactions],
      country_codes: [CountryCode.Us],
      language: 'en',
      ...extra,
    }),
  );
  return res.link_token;
}

function callbacks() {
  const events: [string, Record<string, unknown>][] = [];
  return {
    onSuccess: vi.fn(),
    onExit: vi.fn(),
    onLoad: vi.fn(),
    onEvent: (name: string, meta: Record<string, unknown>) => events.push([name, meta]),
    events,
    names: () => events.map(([n]) => n),
  };
}

async function logIn(p: ReturnType<typeof page>, bank: string, password: string) {
  fireEvent.click(await p.body.findByRole('button', { name: bank }));
  fireEvent.input(p.body.getByLabelText('Username'), { target: { value: 'user_good' } });
  fireEvent.input(p.body.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(p.body.getByRole('button', { name: 'Submit' }));
}

describe('when a user links a bank in the sandbox Link', () => {
  it("then the dialog walks bank, login, accounts and success, and onSuccess gets Plaid's metadata", async () => {
    const p = page();
    const cb = callbacks();
    const opener = p.document.getElementById('connect') as HTMLButtonElement;
    opener.focus();
    const handler = p.window.Plaid.create({ token: await linkToken(), ...cb });
    await handler.open();
    expect(cb.onLoad).toHaveBeenCalledOnce();

    const dialog = p.body.getByRole('dialog', { name: 'Plaid Link' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const search = within(dialog).getByLabelText('Search for your bank');
    expect(p.document.activeElement).toBe(search);
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    fireEvent.input(search, { target: { value: 'tartan' } });
    const banks = within(dialog).getByRole('list', { name: 'Banks' });
    expect(within(banks).getAllByRole('button')).toHaveLength(1);
    within(banks).getByRole('button', { name: 'Tartan Bank' });
    fireEvent.input(search, { target: { value: '' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'First Platypus Bank' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in to First Platypus Bank' })).toBeTruthy();
    expect(within(dialog).getByRole('note').textContent).toContain('user_good / pass_good');
    expect(p.document.activeElement).toBe(within(dialog).getByLabelText('Username'));
    fireEvent.input(within(dialog).getByLabelText('Username'), { target: { value: 'user_good' } });
    fireEvent.input(within(dialog).getByLabelText('Password'), { target: { value: 'pass_good' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const checking = await within(dialog).findByRole('checkbox', {
      name: /^Everyday Checking ending in \d{4}$/,
    });
    const savings = within(dialog).getByRole('checkbox', { name: /^High Yield Savings/ });
    expect((checking as HTMLInputElement).checked).toBe(true);
    fireEvent.click(savings);
    const card = within(dialog).queryByRole('checkbox', { name: /Credit Card/ });
    if (card) fireEvent.click(card);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('heading', { name: 'Success' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(p.body.queryByRole('dialog')).toBeNull();
    expect(p.document.activeElement).toBe(opener);
    expect(cb.onExit).not.toHaveBeenCalled();
    expect(cb.onSuccess).toHaveBeenCalledOnce();
    const [publicToken, metadata] = cb.onSuccess.mock.calls[0];
    expect(validatePlaidSchema('LinkSessionSuccessMetadata', metadata)).toEqual([]);
    expect(metadata).toMatchObject({
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      accounts: [
        { name: 'Everyday Checking', type: 'depository', subtype: 'checking', verification_status: null },
      ],
      transfer_status: null,
    });
    const names = cb.names();
    const order = ['OPEN', 'SELECT_INSTITUTION', 'SUBMIT_CREDENTIALS', 'HANDOFF'].map((n) =>
      names.indexOf(n),
    );
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
    const selected = cb.events.find(([n]) => n === 'SELECT_INSTITUTION')?.[1];
    expect(selected).toMatchObject({
      institution_id: 'ins_109508',
      institution_name: 'First Platypus Bank',
      link_session_id: metadata.link_session_id,
    });
    expect(Object.keys(selected ?? {})).toEqual(
      expect.arrayContaining(['error_code', 'exit_status', 'view_name', 'request_id', 'timestamp']),
    );

    const ex = await sb.ok('/item/public_token/exchange', (api) =>
      api.itemPublicTokenExchange({ public_token: publicToken }),
    );
    const { accounts } = await sb.ok('/accounts/get', (api) =>
      api.accountsGet({ access_token: ex.access_token }),
    );
    expect(accounts.map((a) => a.subtype)).toEqual(['checking']);
  });

  it('then wrong credentials show the display message with Try again, and leaving reports the Plaid error', async () => {
    const p = page();
    const cb = callbacks();
    const handler = p.window.Plaid.create({ token: await linkToken(), ...cb });
    await handler.open();
    await logIn(p, 'Tartan Bank', 'error_INVALID_CREDENTIALS');
    const alert = await p.body.findByRole('alert');
    expect(alert.textContent).toBe('The provided credentials were not correct. Please try again.');
    fireEvent.click(p.body.getByRole('button', { name: 'Try again' }));
    expect((p.body.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    fireEvent.input(p.body.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(p.body.getByRole('button', { name: 'Submit' }));
    await p.body.findByRole('alert');
    fireEvent.keyDown(p.body.getByRole('dialog'), { key: 'Escape' });

    expect(p.body.queryByRole('dialog')).toBeNull();
    expect(cb.onSuccess).not.toHaveBeenCalled();
    const [error, meta] = cb.onExit.mock.calls[0];
    expect(error).toEqual({
      error_type: 'ITEM_ERROR',
      error_code: 'INVALID_CREDENTIALS',
      error_message: 'the provided credentials were not correct',
      display_message: 'The provided credentials were not correct. Please try again.',
    });
    expect(validatePlaidSchema('PlaidError', error)).toEqual([]);
    expect(meta).toMatchObject({
      institution: { name: 'Tartan Bank', institution_id: 'ins_109511' },
      status: 'requires_credentials',
    });
    expect(meta.link_session_id).toEqual(expect.any(String));
    expect(meta.request_id).toEqual(expect.any(String));
    expect(cb.names()).toEqual(expect.arrayContaining(['ERROR', 'EXIT']));
    expect(cb.events.find(([n]) => n === 'EXIT')?.[1]).toMatchObject({
      exit_status: 'requires_credentials',
      error_code: 'INVALID_CREDENTIALS',
    });
  });

  it('then closing on the bank list calls onExit without an error, and Tab stays inside the dialog', async () => {
    const p = page();
    const cb = callbacks();
    const handler = p.window.Plaid.create({ token: await linkToken(), ...cb });
    await handler.open();
    const dialog = p.body.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const buttons = within(dialog).getAllByRole('button');
    const last = buttons[buttons.length - 1];
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(p.document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(p.document.activeElement).toBe(last);
    fireEvent.click(close);
    expect(cb.onExit).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ institution: null, status: 'institution_not_found' }),
    );
  });

  it('then an unusable link token ends in onExit with INVALID_LINK_TOKEN and no dialog', async () => {
    const p = page();
    const cb = callbacks();
    await p.window.Plaid.create({ token: 'link-sandbox-00000000-0000-0000-0000-000000000000', ...cb }).open();
    expect(p.body.queryByRole('dialog')).toBeNull();
    expect(cb.onExit.mock.calls[0][0]).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_LINK_TOKEN',
    });
  });

  it('then a receivedRedirectUri finishes an OAuth session', async () => {
    const token = await linkToken({ redirect_uri: 'https://app.example/oauth-return' });
    await sb.post('/link/open', { link_token: token });
    const start = await sb.post<{ redirect_url: string }>('/link/oauth/start', {
      link_token: token,
      institution_id: 'ins_127287',
    });
    const p = page();
    const cb = callbacks();
    await p.window.Plaid.create({ token, receivedRedirectUri: start.body.redirect_url, ...cb }).open();
    const dialog = p.body.getByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Success' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(cb.onSuccess.mock.calls[0][1].institution).toEqual({
      name: 'Platypus OAuth Bank',
      institution_id: 'ins_127287',
    });
  });

  it('then an OAuth redirect_url that is not http(s) is never followed, and Link shows an error', async () => {
    const token = await linkToken({ redirect_uri: 'https://app.example/oauth-return' });
    const p = page();
    // Whatever the server answered (a bug, an old link token, a proxy), a javascript: URL must
    // never reach location.assign: it would run in the app's page.
    p.window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/link/oauth/start'))
        return new Response(
          JSON.stringify({ redirect_url: 'javascript:alert(document.domain)', request_id: 'r' }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      return fetch(input, init);
    };
    const cb = callbacks();
    await p.window.Plaid.create({ token, ...cb }).open();
    const dialog = p.body.getByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Platypus OAuth Bank' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong. Please try again later.');
    expect(cb.names()).toContain('ERROR');
    expect(cb.names()).not.toContain('OPEN_OAUTH');
    expect(p.window.location.href).toBe(`${sb.url}/`);
  });

  it('then the script needs nothing a strict CSP forbids', () => {
    expect(script).not.toMatch(
      /\beval\(|new Function|innerHTML|outerHTML|insertAdjacentHTML|document\.write|setAttribute\('on/,
    );
  });
});
