// The body every Phaser game screen shares: the frame (GameScreen), the game host, the game's
// message as live text, and the page's own hint and buttons. Each page passes its differences.
import { useCallback, useState, type ReactNode } from 'react';
import { GameScreen } from '@/components/game-screen';
import type { GameConfig, Phaser } from '@games/shared/phaser';
import { GameHost } from '@games/shared/game-host';
import { GameMessage } from '@games/shared/game-message';
import type { GameBridge } from '@games/shared/progression-bridge';
import type { GameSceneOptions } from '@games/shared/scene-options';

export interface PhaserGamePanelProps {
  gameId: 'breakout' | 'helicopter' | '2048';
  /** The game's name, for the panel's label. */
  title: string;
  /** Accessible name of the canvas area. */
  label: string;
  createConfig: (bridge: GameBridge, options: GameSceneOptions) => GameConfig;
  /** How to play, under the message. */
  hint: ReactNode;
  /** Page buttons above the canvas. */
  actions?: ReactNode;
  /** Hears every message the game shows, besides the live region (the one given at mount). */
  onMessage?: (text: string) => void;
  onReady?: (game: Phaser.Game) => void;
}

export function PhaserGamePanel({
  gameId,
  title,
  label,
  createConfig,
  hint,
  actions,
  onMessage,
  onReady,
}: PhaserGamePanelProps) {
  const [message, setMessage] = useState('');
  // GameHost makes the game once per mount, with the config (and so `onMessage`) it mounted with.
  const config = useCallback(
    (bridge: GameBridge) =>
      createConfig(bridge, {
        onMessage: (text) => {
          setMessage(text);
          onMessage?.(text);
        },
      }),
    [createConfig, onMessage],
  );
  return (
    <GameScreen gameId={gameId}>
      <section className="card game-panel" aria-label={`${title} game`}>
        {actions && <div className="game-actions">{actions}</div>}
        <GameHost
          gameId={gameId}
          label={label}
          className={`game-canvas game-canvas-${gameId}`}
          createConfig={config}
          onReady={onReady}
        />
        <GameMessage text={message} />
        <p className="muted small">{hint}</p>
      </section>
    </GameScreen>
  );
}
