// /games/helicopter: the game screen frame around the Helicopter scene. The scene spends lives
// through the progression bridge; its messages (and the no-lives refusal) are mirrored as text.
import { firstMessage } from '@games/helicopter/intro';
import { PhaserGamePanel } from './phaser-game-panel';

// The scene, with Phaser, loads after the page's first paint (preloaded with the route).
const loadScene = () => import('@games/helicopter/scene').then((m) => m.createHelicopterConfig);

export function Page() {
  return (
    <PhaserGamePanel
      gameId="helicopter"
      title="Helicopter"
      label="Helicopter"
      loadScene={loadScene}
      firstMessage={firstMessage}
      pausable
      hint="Tap, click or press Space or the Up arrow to fly up. P or Escape pauses."
    />
  );
}
