// When the app's first render starts (issue 30). Opened at a signed-in page by someone signed in,
// it waits for the code of that page, of the signed-in frame and of the session runtime (index.html's
// preload script asked for all of it as the page began to load), so that the runtime, the frame and
// the page mount in one render: one commit, one layout and one paint before the page's largest
// paint, where the frame's bare navigation used to be drawn first and the page one render later.
// The static shell in index.html stays on screen meanwhile, as it did. Never longer than
// FIRST_RENDER_WAIT_MS: on a slow or stalled load the app renders as before (the frame and the
// route's progress bar, then the page), and code that failed to load shows the reload screen.
import { getToken } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { loadRouteModule, openedPath } from './lazy-page';
import { signedInFrameModule } from './route-modules';
import { isSignedInPage } from './router';
import { sessionRuntimeCode } from './session-slot';

export const FIRST_RENDER_WAIT_MS = 3000;

/** Settles when `code` settles (failed or not), or after `ms`, whichever comes first. */
export function settledWithin(code: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    code.then(done, done);
  });
}

/**
 * A game's page (`/games/<id>`): its largest download, Phaser, comes after the page has painted, and
 * arrives about when the page's code has; holding the first render for the page put the frame's
 * mount, the runtime's start and Phaser's start in the same moment (Breakout playable about 120 ms
 * later, alternating, 7 of 9 pairs), where the frame's early render spread them out.
 */
const isGamePage = (path: string) => path.toLowerCase().startsWith(`${ROUTES.games}/`);

/** When the app may render for the first time: at once, but for a signed-in page opened with a token. */
export function firstRenderReady(wait = FIRST_RENDER_WAIT_MS): Promise<void> {
  const path = openedPath();
  if (!getToken() || !isSignedInPage(path) || isGamePage(path)) return Promise.resolve();
  const frameAndPage = loadRouteModule(signedInFrameModule).then((frame) => frame.openedPageCode());
  return settledWithin(Promise.all([frameAndPage, sessionRuntimeCode()]), wait);
}
