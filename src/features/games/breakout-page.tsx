// /games/breakout: the game screen frame around the Breakout scene. The scene spends lives
// through the progression bridge; its messages (and the no-lives refusal) are mirrored as text.
import { createBreakoutConfig } from '@games/breakout/scene';
import { PhaserGamePanel } from './phaser-game-panel';

export function Page() {
  return (
    <PhaserGamePanel
      gameId="breakout"
      title="Breakout"
      label="Breakout"
      createConfig={createBreakoutConfig}
      pausable
      panelInput
      hint="Click, tap or press Space to launch; move the paddle with the arrow keys, the mouse or a finger anywhere on this panel. P or Escape pauses."
    />
  );
}
