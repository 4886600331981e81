// /games/2048: the game screen frame around the 2048 board. 'New Game' is always here; 'Continue
// Playing' while the won overlay shows and 'Play Again' after 'Game Over!', as page buttons that
// drive the same scene as the keys and the canvas overlay.
import { useRef, useState } from 'react';
import { NO_LIVES_MESSAGE } from '@/domain/lives';
import type { Phaser } from '@games/shared/phaser';
import { TEXTS } from '@games/2048/logic';
import { create2048Config, type Game2048Scene } from '@games/2048/scene';
import { PhaserGamePanel } from './phaser-game-panel';

type Overlay = 'none' | 'won' | 'over';

function overlayOf(text: string, previous: Overlay): Overlay {
  if (text === NO_LIVES_MESSAGE) return previous; // a refused start keeps the board as it was
  if (text.startsWith(TEXTS.gameOver)) return 'over';
  if (text.startsWith(TEXTS.won)) return 'won';
  return 'none';
}

export function Page() {
  const [overlay, setOverlay] = useState<Overlay>('none');
  const game = useRef<Phaser.Game | null>(null);
  const send = (command: 'newGame' | 'continue') => {
    const scene = game.current?.scene.getScene('game-2048') as Game2048Scene | null | undefined;
    scene?.send(command);
  };
  return (
    <PhaserGamePanel
      gameId="2048"
      title="2048"
      label="2048 board"
      createConfig={create2048Config}
      onMessage={(text) => setOverlay((previous) => overlayOf(text, previous))}
      onReady={(g) => (game.current = g)}
      hint="Arrow keys, WASD or swipes move the tiles; N starts a new game."
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => send('newGame')}>
            {TEXTS.newGame}
          </button>
          {overlay === 'won' && (
            <button type="button" className="btn" onClick={() => send('continue')}>
              {TEXTS.continuePlaying}
            </button>
          )}
          {overlay === 'over' && (
            <button type="button" className="btn" onClick={() => send('newGame')}>
              {TEXTS.playAgain}
            </button>
          )}
        </>
      }
    />
  );
}
