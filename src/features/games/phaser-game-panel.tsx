// The body every Phaser game screen shares: the frame (GameScreen), the game host, the game's
// message as live text, the Pause button of the time-based games, and the page's own hint and
// buttons. Each page passes its differences.
import { useCallback, useLayoutEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { GameScreen } from '@/components/game-screen';
import type { GameConfig } from '@games/shared/phaser';
import { GameHost } from '@games/shared/game-host';
import { createGameChannel, type GameChannel } from '@games/shared/channel';
import { GameMessage } from '@games/shared/game-message';
import { PAUSE_LABEL, RESUME_LABEL, type PauseState } from '@games/shared/pause';
import { createGameBridge, type GameBridge } from '@games/shared/progression-bridge';
import type { GameSceneOptions } from '@games/shared/scene-options';

export interface PhaserGamePanelProps<Command extends string, View> {
  gameId: 'breakout' | 'helicopter' | '2048';
  /** The game's name, for the panel's label. */
  title: string;
  /** Accessible name of the canvas area. */
  label: string;
  /**
   * Loads the game's scene module and answers its configuration maker. Phaser comes with it after
   * the page's first paint; a module-level function, so it is the same on every render.
   */
  loadScene: () => Promise<(bridge: GameBridge, options: GameSceneOptions<Command, View>) => GameConfig>;
  /** The scene's first message for `lives` (the game's intro module), shown until the scene runs. */
  firstMessage: (lives: number) => string;
  /** A canvas of a fixed size (2048's board): its room, held until the canvas is in. */
  reserve?: { width: number; height: number };
  /** The page's channel to its scene, when the page sends commands of its own (2048). */
  channel?: GameChannel<Command, View>;
  /** How to play, under the message. */
  hint: ReactNode;
  /** Page buttons above the canvas. */
  actions?: ReactNode;
  /** Shown over the canvas (2048's overlays); with it the canvas sits in a box of its own size. */
  overlay?: ReactNode;
  /** A time-based game: a Pause / Resume button beside the actions. */
  pausable?: boolean;
  /** The whole panel takes pointer input (Breakout steers from below the canvas too). */
  panelInput?: boolean;
}

export function PhaserGamePanel<Command extends string = never, View = never>({
  gameId,
  title,
  label,
  loadScene,
  firstMessage,
  reserve,
  channel: pageChannel,
  hint,
  actions,
  overlay,
  pausable = false,
  panelInput = false,
}: PhaserGamePanelProps<Command, View>) {
  // From the first paint: the scene tells the same words once it runs, so nothing moves then.
  const [message, setMessage] = useState(() => firstMessage(createGameBridge(gameId).lives()));
  const [pause, setPause] = useState<PauseState>('unavailable');
  const [ownChannel] = useState(() => createGameChannel<Command, View>());
  const channel = pageChannel ?? ownChannel;
  // Before the game is created (its scene starts once it has loaded, after the first paint).
  useLayoutEffect(() => channel.watch({ message: setMessage, pause: setPause }), [channel]);
  // GameHost makes the game once per mount, with the loader it mounted with.
  const loadConfig = useCallback(
    () => loadScene().then((create) => (bridge: GameBridge) => create(bridge, { channel })),
    [loadScene, channel],
  );
  const togglePause = (event: MouseEvent<HTMLButtonElement>) => {
    channel.send('toggle');
    // After a click or tap, Space belongs to the game again (it would press the button); a
    // keyboard press (detail 0) keeps the focus where the player put it.
    if (event.detail > 0) event.currentTarget.blur();
  };
  const host = (
    <GameHost
      gameId={gameId}
      label={label}
      className={`game-canvas game-canvas-${gameId}`}
      loadConfig={loadConfig}
      reserve={reserve}
    />
  );
  return (
    <GameScreen
      gameId={gameId}
      controls={
        pausable && (
          <button
            type="button"
            className="btn btn-sm game-pause"
            onClick={togglePause}
            disabled={pause === 'unavailable'}
          >
            {pause === 'paused' ? RESUME_LABEL : PAUSE_LABEL}
          </button>
        )
      }
    >
      <section
        className={`card game-panel game-panel-${gameId}`}
        aria-label={`${title} game`}
        data-game-input={panelInput ? '' : undefined}
      >
        {actions && <div className="game-actions">{actions}</div>}
        {overlay === undefined ? (
          host
        ) : (
          <div className="game-stage">
            {host}
            {overlay}
          </div>
        )}
        <GameMessage text={message} />
        <p className="muted small">{hint}</p>
      </section>
    </GameScreen>
  );
}
