// The one typed channel between a game's React page and its Phaser scene (CONVENTIONS, after
// Phaser's React template, with every message named and typed): the page sends commands (the
// Pause button, 2048's New Game and its answers), the scene tells the page what it shows (its
// message as text, whether it can be paused, 2048's score and overlays). The page never reaches
// into the Phaser game or casts a scene, and never reads the game's message text for meaning.
import type { PauseCommand, PauseState } from './pause';

/** What a scene tells its page; `View` is a game's own picture for the page (2048's scores). */
export interface SceneReports<View> {
  /** The message the game shows now, as text for the page's live region. */
  message: string;
  /** Whether the game can be paused now, and whether it is (the page's Pause button). */
  pause: PauseState;
  view: View;
}
export type ReportListeners<View> = {
  [K in keyof SceneReports<View>]?: (value: SceneReports<View>[K]) => void;
};

export interface GameChannel<Command extends string = never, View = never> {
  /** Page -> scene: a command; nothing happens before the scene has started listening. */
  send(command: Command | PauseCommand): void;
  /** Scene side: takes the page's commands; returns the release. */
  listen(handler: (command: Command | PauseCommand) => void): () => void;
  /** Scene -> page: reports what the game shows. */
  report<K extends keyof SceneReports<View>>(kind: K, value: SceneReports<View>[K]): void;
  /** Page side: hears the reports, the last one of each kind at once; returns the release. */
  watch(listeners: ReportListeners<View>): () => void;
}

export function createGameChannel<Command extends string = never, View = never>(): GameChannel<
  Command,
  View
> {
  let handler: ((command: Command | PauseCommand) => void) | null = null;
  const watchers = new Set<ReportListeners<View>>();
  const last: Partial<SceneReports<View>> = {};
  const tell = <K extends keyof SceneReports<View>>(
    w: ReportListeners<View>,
    kind: K,
    value: SceneReports<View>[K],
  ) => w[kind]?.(value);
  return {
    send: (command) => handler?.(command),
    listen(h) {
      handler = h;
      return () => {
        if (handler === h) handler = null;
      };
    },
    report(kind, value) {
      last[kind] = value;
      watchers.forEach((w) => tell(w, kind, value));
    },
    watch(listeners) {
      watchers.add(listeners);
      for (const kind of Object.keys(last) as (keyof SceneReports<View>)[])
        tell(listeners, kind, last[kind] as SceneReports<View>[typeof kind]);
      return () => void watchers.delete(listeners);
    },
  };
}

const PAUSE_COMMANDS: readonly string[] = ['toggle', 'pause', 'resume'] satisfies PauseCommand[];
export const isPauseCommand = (command: string): command is PauseCommand => PAUSE_COMMANDS.includes(command);
