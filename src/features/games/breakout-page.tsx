// /games/breakout: the game screen frame around the Breakout scene. The scene spends lives
// through the progression bridge; its messages (and the no-lives refusal) are mirrored as text.
import { useCallback, useState } from 'react';
import { GameScreen } from '@/components/game-screen';
import { GameHost } from '@games/shared/game-host';
import { GameMessage } from '@games/shared/game-message';
import type { GameBridge } from '@games/shared/progression-bridge';
import { createBreakoutConfig } from '@games/breakout/scene';

export function Page() {
  const [message, setMessage] = useState('');
  const createConfig = useCallback(
    (bridge: GameBridge) => createBreakoutConfig(bridge, { onMessage: setMessage }),
    [],
  );
  return (
    <GameScreen gameId="breakout">
      <section className="card game-panel" aria-label="Breakout game">
        <GameHost
          gameId="breakout"
          label="Breakout"
          className="game-canvas game-canvas-breakout"
          createConfig={createConfig}
        />
        <GameMessage text={message} />
        <p className="muted small">
          Click, tap or press Space to launch; move the paddle with the arrow keys, the mouse or a finger.
        </p>
      </section>
    </GameScreen>
  );
}
