// Which browser tab a request comes from (issue 27): the app sends a random id per page load in
// `X-Client-Id`; changes made while serving that request carry it, so the tab's own event stream
// does not echo its own changes back (the tab already refreshed what its own action changed).
// Not a credential: it only ever hides events from the stream that sent the same id.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

export const CLIENT_ID_HEADER = 'x-client-id';
const VALID = /^[A-Za-z0-9_-]{8,64}$/;
const storage = new AsyncLocalStorage<string>();

/** The request's tab id, when it sent a well-formed one. */
export function clientIdOf(raw: string | undefined): string | undefined {
  return raw && VALID.test(raw) ? raw : undefined;
}

/** Runs the rest of the request inside its tab id (async work it starts included). */
export const requestOrigin: RequestHandler = (req, _res, next) => {
  const id = clientIdOf(req.get(CLIENT_ID_HEADER));
  if (id) storage.run(id, next);
  else next();
};

/** The tab id of the request being served, if any. */
export const currentOrigin = (): string | undefined => storage.getStore();
