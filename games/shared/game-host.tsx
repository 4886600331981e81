// The React host of a Phaser game (after Phaser's React template): the game is created in a
// layout effect, paused while the page is hidden, and destroyed with its canvas on unmount
// (Phaser finishes destroying on the next frame, so a remount gets a fresh parent element).
import { useLayoutEffect, useRef } from 'react';
import type { Game } from '@/domain/games';
import { Phaser, type GameConfig } from './phaser';
import { createGameBridge, type GameBridge } from './progression-bridge';
import { benchConfig, readBenchMode, recordFrames } from './bench-frames';

/** The performance mark set when a game's first frame has been drawn. */
export const FIRST_FRAME_MARK = 'game-first-frame';

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
    const game = new Phaser.Game({ ...config, parent: parent.current ?? undefined });
    const stopRecording = bench ? recordFrames(game) : null;
    // For `npm run bench` (time from the Phaser chunk's arrival to the first drawn frame).
    game.events.once(Phaser.Core.Events.POST_RENDER, () => performance.mark(FIRST_FRAME_MARK));
    const onVisibility = () => (document.hidden ? game.pause() : game.resume());
    document.addEventListener('visibilitychange', onVisibility);
    // The canvas is scaled to the room it has: the page's CSS caps the host's height by where the
    // host starts on the page (`--game-top`, and the panel's `--panel-top`), so the game fits on
    // the screen without scrolling. When the layout moves or resizes the canvas (nav, notices,
    // rotation), Phaser re-reads its bounds so pointer input keeps landing where the canvas is.
    const fit = () => {
      const host = parent.current;
      if (host) {
        const top = (el: Element) => `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`;
        host.style.setProperty('--game-top', top(host));
        host.parentElement?.style.setProperty('--panel-top', top(host.parentElement));
      }
      game.scale?.refresh();
    };
    fit();
    window.addEventListener('resize', fit);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    if (parent.current) observer?.observe(parent.current);
    if (parent.current?.parentElement) observer?.observe(parent.current.parentElement);
    const page = parent.current?.closest('main');
    if (page) observer?.observe(page);
    return () => {
      stopRecording?.();
      window.removeEventListener('resize', fit);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      // Tester mode sleeps the loop, and Phaser finishes destroying on its next step: wake it.
      if (!game.loop.running) game.loop.wake();
      game.destroy(true);
    };
  }, []);

  return <div ref={parent} className={className} role="region" aria-label={label} />;
}
