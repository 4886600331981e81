// /games/breakout: the game screen frame around the Breakout scene. The scene spends lives
// through the progression bridge; its messages (and the no-lives refusal) are mirrored as text.
import { firstMessage } from '@games/breakout/intro';
import { PhaserGamePanel } from './phaser-game-panel';

// The scene, with Phaser, loads after the page's first paint (preloaded with the route).
const loadScene = () => import('@games/breakout/scene').then((m) => m.createBreakoutConfig);

export function Page() {
  return (
    <PhaserGamePanel
      gameId="breakout"
      title="Breakout"
      label="Breakout"
      loadScene={loadScene}
      firstMessage={firstMessage}
      pausable
      panelInput
      hint="Click, tap or press Space to launch; move the paddle with the arrow keys, the mouse or a finger anywhere on this panel. P or Escape pauses."
    />
  );
}
