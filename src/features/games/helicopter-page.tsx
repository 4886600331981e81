// /games/helicopter: the game screen frame around the Helicopter scene. The scene spends lives
// through the progression bridge; its messages (and the no-lives refusal) are mirrored as text.
import { createHelicopterConfig } from '@games/helicopter/scene';
import { PhaserGamePanel } from './phaser-game-panel';

export function Page() {
  return (
    <PhaserGamePanel
      gameId="helicopter"
      title="Helicopter"
      label="Helicopter"
      createConfig={createHelicopterConfig}
      pausable
      hint="Tap, click or press Space or the Up arrow to fly up. P or Escape pauses."
    />
  );
}
