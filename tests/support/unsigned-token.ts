// A bearer token as the client reads it: only its payload's `sub` (the user) matters there, so the
// unit tests make one without a signature the server would check.

/** An unsigned token whose payload names user `sub`. */
export const tokenFor = (sub: string): string =>
  `x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.y`;
