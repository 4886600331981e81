// GET /api/events: the signed-in user's event stream (server-sent events, issue 27). It is read
// with fetch and the bearer token in the Authorization header, never a token in the URL. Events
// name what changed (`bank`, `progress`), so the page refetches exactly that; `session` means the
// session ended elsewhere (password reset, account deletion) and closes the stream.
import type { Request, RequestHandler, Response } from 'express';
import { HttpError, TOO_MANY_ATTEMPTS } from '../lib/errors';
import { currentUser } from '../middleware/require-auth';
import { CLIENT_ID_HEADER, clientIdOf } from '../lib/request-origin';
import type { AppServices } from '../services/app-services';
import type { LiveKind } from '../services/live-events';

/** A comment line this often keeps proxies and sleeping networks from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Changes that come in a burst (a sync's pages) are told once, this long after the first. */
const COALESCE_MS = 150;
/** How long the browser waits before reconnecting (the client also reconnects on its own). */
const RETRY_MS = 3_000;

export function eventStream(services: AppServices): RequestHandler {
  return async function events(req: Request, res: Response) {
    const user = currentUser(req);
    const authorization = req.get('authorization') ?? '';
    const pending = new Set<LiveKind>();
    let flushTimer: NodeJS.Timeout | null = null;
    let ended = false;

    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe?.();
      clearInterval(heartbeat);
      if (flushTimer) clearTimeout(flushTimer);
      res.end();
    };
    const flush = async () => {
      flushTimer = null;
      const kinds = [...pending];
      pending.clear();
      if (kinds.includes('session')) {
        // Still signed in? A password change elsewhere, or a deleted account, ends the stream.
        try {
          await services.auth.authenticate(authorization.replace(/^Bearer\s+/i, '').trim());
        } catch {
          if (!ended) res.write('event: session\ndata: {"ended":true}\n\n');
          end();
          return;
        }
      }
      for (const kind of kinds) if (kind !== 'session' && !ended) res.write(`event: ${kind}\ndata: {}\n\n`);
    };
    // The tab's own changes are not told back to it: it refreshed what its own action changed.
    const tab = clientIdOf(req.get(CLIENT_ID_HEADER));
    const unsubscribe = services.live.subscribe(user.id, (kind, origin) => {
      if (tab && origin === tab && kind !== 'session') return;
      pending.add(kind);
      flushTimer ??= setTimeout(() => void flush(), COALESCE_MS);
    });
    if (!unsubscribe) throw new HttpError(429, TOO_MANY_ATTEMPTS);

    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (it would buffer it).
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    req.on('close', end);
    res.on('error', end);
  };
}
