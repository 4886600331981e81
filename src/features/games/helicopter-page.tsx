// /games/helicopter: the game screen frame around the Helicopter scene. The scene spends lives
// through the progression bridge; its messages (and the no-lives refusal) are mirrored as text.
import { useCallback, useState } from 'react';
import { GameScreen } from '@/components/game-screen';
import { GameHost } from '@games/shared/game-host';
import { GameMessage } from '@games/shared/game-message';
import type { GameBridge } from '@games/shared/progression-bridge';
import { createHelicopterConfig } from '@games/helicopter/scene';

export function Page() {
  const [message, setMessage] = useState('');
  const createConfig = useCallback(
    (bridge: GameBridge) => createHelicopterConfig(bridge, { onMessage: setMessage }),
    [],
  );
  return (
    <GameScreen gameId="helicopter">
      <section className="card game-panel" aria-label="Helicopter game">
        <GameHost
          gameId="helicopter"
          label="Helicopter"
          className="game-canvas game-canvas-helicopter"
          createConfig={createConfig}
        />
        <GameMessage text={message} />
        <p className="muted small">Tap, click or press Space or the Up arrow to fly up.</p>
      </section>
    </GameScreen>
  );
}
