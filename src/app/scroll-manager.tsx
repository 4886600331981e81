// Scroll positions per history entry (issue 25). The hash router runs in declarative mode, where
// React Router's <ScrollRestoration> is not available, so this does its job: a new page opens at
// the top, and Back or Forward returns to where that entry was left, waiting for a lazy page or its
// data to grow tall enough first.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type NavigationType } from 'react-router-dom';

/** How long a restore waits for the page to become tall enough before settling for less. */
export const RESTORE_WAIT_MS = 3000;

/** 'POP' (Back, Forward), 'PUSH' or 'REPLACE'. */
type Navigation = `${NavigationType}`;

export type ScrollAction = { kind: 'top' } | { kind: 'restore'; y: number } | { kind: 'keep' };

/**
 * What a navigation does to the scroll position. Back/Forward (POP) return to the entry's saved
 * position (the top when none is known); a new page (PUSH or REPLACE to another path) opens at the
 * top; a change of the query alone (a filter typed on Transactions) keeps the position.
 */
export function scrollAction(
  type: Navigation,
  pathChanged: boolean,
  saved: number | undefined,
): ScrollAction {
  if (type === 'POP') return saved === undefined ? { kind: 'top' } : { kind: 'restore', y: saved };
  return pathChanged ? { kind: 'top' } : { kind: 'keep' };
}

const maxScroll = () => document.documentElement.scrollHeight - window.innerHeight;

/**
 * Scrolls to `y` once the page is tall enough, or after RESTORE_WAIT_MS at the furthest it can.
 * The user scrolling, tapping or pressing a key first wins. Returns a cancel function.
 */
function restoreTo(y: number): () => void {
  let done = false;
  let frame = 0;
  const started = performance.now();
  const stop = () => {
    done = true;
    cancelAnimationFrame(frame);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  const step = () => {
    if (done) return;
    const reachable = maxScroll() >= y;
    window.scrollTo(0, Math.min(y, Math.max(0, maxScroll())));
    if (reachable || performance.now() - started > RESTORE_WAIT_MS) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  step();
  return stop;
}
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef({ key: location.key, pathname: location.pathname });

  useEffect(() => {
    // The browser's own restoration would fight this one on Back.
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onScroll = () => positions.current.set(current.current.key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      history.scrollRestoration = before;
    };
  }, []);

  // Before paint, so the new page never shows at the old page's position.
  useLayoutEffect(() => {
    const previous = current.current;
    if (previous.key === location.key) return;
    // The page left keeps the position its last scroll event saved: the new page is in the document
    // already, so window.scrollY may have been cut down to its height.
    current.current = { key: location.key, pathname: location.pathname };
    const action = scrollAction(
      type,
      previous.pathname !== location.pathname,
      positions.current.get(location.key),
    );
    if (action.kind === 'top') window.scrollTo(0, 0);
    else if (action.kind === 'restore') return restoreTo(action.y);
    else positions.current.set(location.key, window.scrollY);
  }, [location.key, location.pathname, type]);

  return null;
}
