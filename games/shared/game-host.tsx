// The React host of a Phaser game (after Phaser's React template): the game is created once the
// page has painted, paused while the page is hidden, and destroyed with its canvas on unmount
// (Phaser finishes destroying on the next frame, so a remount gets a fresh parent element).
import { useLayoutEffect, useRef } from 'react';
import type { Game } from '@/domain/games';
import { Phaser, type GameConfig } from './phaser';
import { createGameBridge, type GameBridge } from './progression-bridge';
import { benchConfig, readBenchMode, recordFrames } from './bench-frames';
import { OnDemandGame } from './frame-on-demand';

/** The performance mark set when a game's first frame has been drawn. */
export const FIRST_FRAME_MARK = 'game-first-frame';
/** The performance mark set just before the game is created (after the page's first paint). */
export const GAME_CREATE_MARK = 'game-create';

/**
 * Runs `start` after the next frame has been painted: a requestAnimationFrame callback runs just
 * before that paint, and a task queued from it runs after it. Returns the cancel.
 */
export function afterNextPaint(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(start, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

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
  /** The game's Phaser configuration; its scenes reach lives and rewards through `bridge`. */
  createConfig: (bridge: GameBridge) => GameConfig;
  /** Accessible name of the game area. */
  label: string;
  className?: string;
}

export function GameHost({ gameId, createConfig, label, className }: GameHostProps) {
  const parent = useRef<HTMLDivElement>(null);
  // The game is made once per mount, from the props it mounted with.
  const initial = useRef({ gameId, createConfig });

  useLayoutEffect(() => {
    const { gameId: id, createConfig: create } = initial.current;
    const bench = readBenchMode(window.location.href);
    const config = benchConfig(create(createGameBridge(id)), bench);
    // The canvas is scaled to the room it has: the page's CSS caps the host's height by where the
    // host starts on the page (`--game-top`, and the panel's `--panel-top`), so the game fits on
    // the screen without scrolling. When the layout moves or resizes the canvas (nav, notices,
    // rotation), Phaser re-reads its bounds so pointer input keeps landing where the canvas is.
    let game: Phaser.Game | null = null;
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
    const reserve = parent.current && config.scale?.mode === Phaser.Scale.NONE ? parent.current : null;
    if (reserve) {
      reserve.style.minWidth = `${Number(config.width)}px`;
      reserve.style.minHeight = `${Number(config.height)}px`;
    }
    let stopRecording: (() => void) | null = null;
    const onVisibility = () => (document.hidden ? game?.pause() : game?.resume());
    document.addEventListener('visibilitychange', onVisibility);
    // Phaser's start (its renderer, the scene's create, the first frame) is a long task: the page
    // paints its frame, message and buttons first.
    const cancelStart = afterFirstPaint(() => {
      performance.mark(GAME_CREATE_MARK);
      const gameConfig = { ...config, parent: parent.current ?? undefined };
      // The bench's empty scene is Phaser alone drawing every frame, the baseline of game-frames.
      game = bench === 'empty' ? new Phaser.Game(gameConfig) : new OnDemandGame(gameConfig);
      reserve?.style.removeProperty('min-width');
      reserve?.style.removeProperty('min-height');
      stopRecording = bench ? recordFrames(game) : null;
      // For `npm run bench` (time from the Phaser chunk's arrival to the first drawn frame).
      game.events.once(Phaser.Core.Events.POST_RENDER, () => performance.mark(FIRST_FRAME_MARK));
    });
    return () => {
      cancelStart();
      stopRecording?.();
      window.removeEventListener('resize', fit);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      if (reserve) {
        reserve.style.removeProperty('min-width');
        reserve.style.removeProperty('min-height');
      }
      if (!game) return; // unmounted before the start: nothing was made
      // Tester mode sleeps the loop, and Phaser finishes destroying on its next step: wake it.
      if (!game.loop.running) game.loop.wake();
      game.destroy(true);
    };
  }, []);

  return <div ref={parent} className={className} role="region" aria-label={label} />;
}
