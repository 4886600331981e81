// The React host of a Phaser game (after Phaser's React template): the scene is imported and the
// game created once the page has painted, paused while the page is hidden, and destroyed with
// its canvas on unmount (Phaser finishes destroying on the next frame, so a remount gets a fresh
// parent element). Phaser is not imported here: the scene and the host's Phaser side
// (game-start.ts) load after the page's first paint, so the page shows without waiting for them.
import { useLayoutEffect, useRef, useState } from 'react';
import type { Game } from '@/domain/games';
import type { Phaser, GameConfig } from './phaser';
import { createGameBridge, type GameBridge } from './progression-bridge';
import { GAME_CREATE_MARK } from './marks';
import { afterNextPaint } from '@/lib/after-paint';
import { recordEarlyInput } from './early-input';

export { FIRST_FRAME_MARK, GAME_CREATE_MARK } from './marks';

/** How long a game waits for the page's first contentful paint to be reported before it starts. */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs `start` once the page has painted: after the next frame, and on a fresh load also after the
 * browser has reported the page's first contentful paint (the frame after which a task runs can
 * be shown later than that, on a slow or busy machine, and the game's start would then come
 * before the page's first paint). Starts anyway after FIRST_PAINT_WAIT_MS, or at once where paint
 * timing is not reported. Returns the cancel.
 */
export function afterFirstPaint(start: () => void, waitMs = FIRST_PAINT_WAIT_MS): () => void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    observer?.disconnect();
    clearTimeout(fallback);
  };
  const go = () => {
    if (done) return;
    stop();
    start();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const cancelFrame = afterNextPaint(() => {
    const reported =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (painted() || !reported) return go();
    try {
      observer = new PerformanceObserver(() => {
        if (painted()) setTimeout(go, 0);
      });
      observer.observe({ type: 'paint' });
    } catch {
      return go();
    }
    fallback = setTimeout(go, waitMs);
  });
  return () => {
    stop();
    cancelFrame();
  };
}

export interface GameHostProps {
  gameId: Game['id'];
  /**
   * Loads the game's scene (Phaser comes with it) and answers its configuration maker; its scenes
   * reach lives and rewards through `bridge`. Called once, when the host mounts.
   */
  loadConfig: () => Promise<(bridge: GameBridge) => GameConfig>;
  /** A canvas of a fixed size (2048's board): its room, held on the host until the canvas is in. */
  reserve?: { width: number; height: number };
  /** Accessible name of the game area. */
  label: string;
  className?: string;
}

export function GameHost({ gameId, loadConfig, reserve, label, className }: GameHostProps) {
  const parent = useRef<HTMLDivElement>(null);
  // The game is made once per mount, from the props it mounted with.
  const initial = useRef({ gameId, loadConfig, reserve });
  // The scene or Phaser failed to load: the route's error page says so and offers a reload.
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure;

  useLayoutEffect(() => {
    const { gameId: id, loadConfig: load, reserve: room } = initial.current;
    // The canvas is scaled to the room it has: the page's CSS caps the host's height by where the
    // host starts on the page (`--game-top`, and the panel's `--panel-top`), so the game fits on
    // the screen without scrolling. When the layout moves or resizes the canvas (nav, notices,
    // rotation), Phaser re-reads its bounds so pointer input keeps landing where the canvas is.
    let game: Phaser.Game | null = null;
    let stopRecording: (() => void) | null = null;
    let mounted = true;
    const fit = () => {
      const host = parent.current;
      if (host) {
        const top = (el: Element) => `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`;
        host.style.setProperty('--game-top', top(host));
        host.parentElement?.style.setProperty('--panel-top', top(host.parentElement));
      }
      game?.scale?.refresh();
    };
    // Before the first paint, so the box has its final size from the start.
    fit();
    window.addEventListener('resize', fit);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    if (parent.current) observer?.observe(parent.current);
    if (parent.current?.parentElement) observer?.observe(parent.current.parentElement);
    const page = parent.current?.closest('main');
    if (page) observer?.observe(page);
    // A canvas of a fixed size (2048's) has no box of its own in the CSS: the host keeps its room
    // until the canvas is in, so nothing moves when it arrives.
    const held = room && parent.current ? parent.current : null;
    const release = () => {
      held?.style.removeProperty('min-width');
      held?.style.removeProperty('min-height');
    };
    if (held && room) {
      held.style.minWidth = `${room.width}px`;
      held.style.minHeight = `${room.height}px`;
    }
    // Keys and presses given while the page waits for Phaser reach the scene once it listens.
    const stopEarlyInput = recordEarlyInput(
      parent.current?.closest<HTMLElement>('[data-game-input]') ?? parent.current,
    );
    const onVisibility = () => (document.hidden ? game?.pause() : game?.resume());
    document.addEventListener('visibilitychange', onVisibility);
    // Phaser's evaluation and start (its renderer, the scene's create, the first frame) are long
    // tasks: the page paints its frame, message and buttons first. The scene and Phaser are
    // imported (evaluated) only then; their files are on their way from the page's preload list
    // (src/app/signed-in-page-files.ts), so waiting costs no download time.
    let cancelPaint = () => undefined as void;
    const painted = new Promise<void>((resolve) => (cancelPaint = afterFirstPaint(resolve)));
    painted
      .then(() => Promise.all([import('./game-start'), load()]))
      .then(
        ([{ startGame }, create]) => {
          if (!mounted) return; // unmounted before the start: nothing is made
          performance.mark(GAME_CREATE_MARK);
          const started = startGame(
            create(createGameBridge(id)),
            parent.current ?? undefined,
            window.location.href,
          );
          game = started.game;
          stopRecording = started.stop;
          release();
        },
        (err: unknown) => {
          if (mounted) setFailure(err);
        },
      );
    return () => {
      mounted = false;
      cancelPaint();
      stopEarlyInput();
      stopRecording?.();
      window.removeEventListener('resize', fit);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      release();
      if (!game) return; // unmounted before the start: nothing was made
      // Tester mode sleeps the loop, and Phaser finishes destroying on its next step: wake it.
      if (!game.loop.running) game.loop.wake();
      game.destroy(true);
    };
  }, []);

  return <div ref={parent} className={className} role="region" aria-label={label} />;
}
