// Webhooks as Plaid sends them (issue 27): a JSON body POSTed to the URL given at link-token
// creation, with a `Plaid-Verification` header holding an ES256 JWT whose header names the signing
// key (`kid`) and whose claims carry `iat` and the SHA-256 of the body. The receiver fetches the
// public key with /webhook_verification_key/get. Deliveries go only to loopback or the app's own
// configured address, so the sandbox can never be used to make this server call elsewhere.
import {
  createECDH,
  createHash,
  createHmac,
  createPrivateKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { SignJWT } from 'jose';
import type { JWKPublicKey } from 'plaid';
import type { Clock } from '../lib/clock';
import type { ItemRow, SandboxStore, WebhookKeyRow } from './store';
import type { ThrottledLog } from './throttled-log';

/** How long one delivery may take before it is given up (Plaid retries; the sandbox does not). */
const DELIVERY_TIMEOUT_MS = 5_000;
/** Derived keys kept in memory (each is a few hundred bytes). */
const MAX_CACHED_KEYS = 64;

interface DerivedKey {
  privateKey: KeyObject;
  x: string;
  y: string;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const sha256Hex = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');

/** True for an address the sandbox may deliver to: loopback, or the app's configured origin. */
export function deliverable(url: string, appUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.username || u.password) return false;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)) return true;
  try {
    return u.origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

export function webhookKeys(store: SandboxStore, secret: Buffer, clock: Clock) {
  const derived = new Map<string, DerivedKey>();
  const now = () => clock.now().getTime();
  /** The first key's id is derived too, so every instance lists the same one. */
  const firstKid = createHmac('sha256', secret)
    .update('plaid-sandbox-webhook-kid:1')
    .digest('hex')
    .slice(0, 32);

  /** The key pair of `kid`: its private scalar is an HMAC of the kid under the server secret. */
  function derive(kid: string): DerivedKey {
    const known = derived.get(kid);
    if (known) return known;
    const d = createHmac('sha256', secret).update(`plaid-sandbox-webhook-key:${kid}`).digest();
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const pub = ecdh.getPublicKey(); // 0x04 || x || y
    const x = pub.subarray(1, 33).toString('base64url');
    const y = pub.subarray(33, 65).toString('base64url');
    const privateKey = createPrivateKey({
      key: { kty: 'EC', crv: 'P-256', d: d.toString('base64url'), x, y },
      format: 'jwk',
    });
    if (derived.size >= MAX_CACHED_KEYS) derived.delete(derived.keys().next().value!);
    const key = { privateKey, x, y };
    derived.set(kid, key);
    return key;
  }

  async function current(): Promise<WebhookKeyRow> {
    const row = await store.currentWebhookKey();
    if (row) return row;
    await store.insertFirstWebhookKey(firstKid, now());
    return (await store.currentWebhookKey())!;
  }

  return {
    /** The `Plaid-Verification` value for a body, signed with the current key. */
    async sign(body: string): Promise<string> {
      const { kid } = await current();
      return new SignJWT({ request_body_sha256: sha256Hex(body) })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(seconds(now()))
        .sign(derive(kid).privateKey);
    },
    /** The public key of `kid` as /webhook_verification_key/get answers it, if it was ever listed. */
    async publicKey(kid: string): Promise<JWKPublicKey | undefined> {
      const row = await store.getWebhookKey(kid);
      if (!row) return undefined;
      const { x, y } = derive(kid);
      return {
        alg: 'ES256',
        crv: 'P-256',
        kid,
        kty: 'EC',
        use: 'sig',
        x,
        y,
        created_at: seconds(row.created_at),
        expired_at: row.expired_at === null ? null : seconds(row.expired_at),
      };
    },
    /** Retires the current key and signs from now on with a new one (the sandbox's own endpoint). */
    async rotate(): Promise<string> {
      await current();
      const kid = randomBytes(16).toString('hex');
      await store.rotateWebhookKey(kid, now());
      return kid;
    },
  };
}

export type WebhookKeys = ReturnType<typeof webhookKeys>;

/** A webhook body: Plaid's fields for one of the codes the sandbox sends. */
export type WebhookBody = Record<string, unknown> & {
  webhook_type: string;
  webhook_code: string;
  item_id: string;
};

export function webhookSender(opts: {
  keys: WebhookKeys;
  appUrl: string;
  log: ThrottledLog;
  /** Replaced by tests that watch deliveries. */
  fetch?: typeof fetch;
}) {
  const send = opts.fetch ?? fetch;
  const pending = new Set<Promise<void>>();

  async function deliver(url: string, body: WebhookBody): Promise<void> {
    const raw = JSON.stringify(body);
    try {
      const res = await send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Plaid-Verification': await opts.keys.sign(raw) },
        body: raw,
        redirect: 'error',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok)
        opts.log(`webhook-refused:${res.status}`, 'plaid sandbox: webhook answered with an error', {
          status: res.status,
          webhook_code: body.webhook_code,
        });
    } catch (err) {
      opts.log('webhook-failed', 'plaid sandbox: webhook delivery failed', {
        webhook_code: body.webhook_code,
        err: err instanceof Error ? err.name : 'unknown',
      });
    }
  }

  return {
    /**
     * Sends `body` to the Item's webhook in the background (as Plaid does, after answering the
     * request that caused it). Answers false when the Item has no webhook the sandbox may call.
     */
    fire(item: Pick<ItemRow, 'webhook'>, body: WebhookBody): boolean {
      if (!item.webhook || !deliverable(item.webhook, opts.appUrl)) return false;
      const p = deliver(item.webhook, { ...body, environment: 'sandbox' }).finally(() => pending.delete(p));
      pending.add(p);
      return true;
    },
    /** Waits for deliveries under way (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type WebhookSender = ReturnType<typeof webhookSender>;
