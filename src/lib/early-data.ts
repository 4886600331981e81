// What src/app/preload-route.ts hands the API client: the answers to the first GETs of the route
// being opened, asked for as soon as the page is parsed instead of once React, the signed-in
// routes and the page's own code have arrived and run (issue 30: Home's largest paint waited for
// its three lists). The session runtime gives `takeEarlyAnswer` to the API client
// (`setEarlyAnswers`). The preload script imports nothing at run time, so the window property's
// name is written in both files; a unit test holds them equal. They carry no client id
// (lib/api-client.ts): of these reads only GET /progress may change something (it records the
// day's use), and this page's event stream, which the id is for, opens only after it.

/** The window property holding the early answers. */
export const EARLY_DATA_KEY = '__bqEarlyData';
/** An early answer older than this is not used: the data may have moved since. */
export const EARLY_MAX_AGE_MS = 10_000;

export interface EarlyData {
  /** The bearer token they carried: an answer is used only for the same session. */
  token: string;
  /** performance.now() when they were sent. */
  at: number;
  /** Each API path's answer, taken once. */
  answers: Record<string, Promise<Response> | undefined>;
}

function early(): EarlyData | null {
  const v = (globalThis as Record<string, unknown>)[EARLY_DATA_KEY];
  return v && typeof v === 'object' ? (v as EarlyData) : null;
}

/** The paths whose early answers wait to be taken (for the same session, while fresh). */
export function earlyPaths(token: string | null, now = performance.now()): string[] {
  const data = early();
  if (!data || data.token !== token || now - data.at > EARLY_MAX_AGE_MS) return [];
  return Object.keys(data.answers).filter((p) => data.answers[p]);
}

/**
 * The early answer to `GET path` for `token`, once: null when none was asked for, it was taken
 * already, it belongs to another session, or it is too old.
 */
export function takeEarlyAnswer(
  path: string,
  token: string,
  now = performance.now(),
): Promise<Response> | null {
  const data = early();
  const answer = data?.answers[path];
  if (!data || !answer) return null;
  delete data.answers[path];
  if (data.token !== token || now - data.at > EARLY_MAX_AGE_MS) {
    answer.catch(() => undefined);
    return null;
  }
  return answer;
}
