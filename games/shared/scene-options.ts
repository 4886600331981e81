// What a game's page passes to its scene besides the bridge.
import type { GameChannel } from './channel';
import { readTesterOptions, type TesterOptions } from './tester';

export interface GameSceneOptions<Command extends string = never, View = never> {
  /** The page's channel: its commands in, the game's message (only when the text changes), pause
   *  state and view out. */
  channel?: GameChannel<Command, View>;
  /** Tester mode (seeded randomness, manual clock, stand-in lives); defaults to the address's. */
  tester?: TesterOptions | null;
}

export function testerFromLocation(): TesterOptions | null {
  return typeof window === 'undefined' ? null : readTesterOptions(window.location.href);
}

/** Calls `onMessage` only when the text changes, so a live region is not flooded each frame. */
export function messageSink(onMessage: (text: string) => void): (text: string) => void {
  let last: string | null = null;
  return (text) => {
    if (text === last) return;
    last = text;
    onMessage(text);
  };
}
