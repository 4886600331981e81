// /games/2048: the game screen frame around the 2048 board. Above it the score boxes and 'New
// Game' (which asks first in the middle of a game, since it spends a life); over it, in HTML, the
// won overlay with 'Continue Playing', 'Game Over!' with 'Play Again', and New Game's question.
// The buttons drive the same scene as the keys.
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createGameChannel } from '@games/shared/channel';
import { TEXTS } from '@games/2048/logic';
import type { Command2048, View2048 } from '@games/2048/scene';
import { boardSide, firstMessage, firstScores } from '@games/2048/intro';
import { PhaserGamePanel } from './phaser-game-panel';
import './game-2048.css';

// The scene, with Phaser, loads after the page's first paint (preloaded with the route); until it
// runs, the page shows a new game's scores and message, and the board's room is held.
const loadScene = () => import('@games/2048/scene').then((m) => m.create2048Config);
const start = (): View2048 => ({ ...firstScores(), status: 'idle', confirming: false });

function ScoreBox({ label, value }: { label: string; value: number }) {
  return (
    <p className="score-box">
      <span className="score-box-label">{label}</span>
      <span className="score-box-value">{value.toLocaleString('en-US')}</span>
    </p>
  );
}

interface BoardOverlayProps {
  tone: 'won' | 'over' | 'ask';
  title: string;
  body?: string;
  /** The question takes the focus (and gives it back when answered by keyboard); Escape answers no. */
  onEscape?: () => void;
  children: ReactNode;
}

function BoardOverlay({ tone, title, body, onEscape, children }: BoardOverlayProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const ask = tone === 'ask';
  useLayoutEffect(() => {
    if (!ask) return;
    const before = document.activeElement;
    const root = box.current;
    root?.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus({ preventScroll: true });
    return () => {
      // Answered by keyboard (focus still inside): back to where the player was. A click or tap
      // leaves the focus on the page, so the arrow keys and N reach the board again.
      const answeredByKeyboard = root?.contains(document.activeElement) ?? false;
      if (answeredByKeyboard && before instanceof HTMLElement && before.isConnected)
        before.focus({ preventScroll: true });
    };
  }, [ask]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && onEscape) {
      e.preventDefault();
      onEscape();
    }
  };
  return (
    <div
      ref={box}
      className={`board-overlay board-overlay-${tone}`}
      role={ask ? 'alertdialog' : 'group'}
      aria-labelledby={titleId}
      aria-describedby={body ? bodyId : undefined}
      onKeyDown={onKeyDown}
    >
      <p id={titleId} className="board-overlay-title">
        {title}
      </p>
      {body && (
        <p id={bodyId} className="board-overlay-body">
          {body}
        </p>
      )}
      <div className="board-overlay-actions">{children}</div>
    </div>
  );
}

export function Page() {
  const [view, setView] = useState<View2048>(start);
  const [side] = useState(boardSide);
  // The page's one channel to the scene: its buttons' commands in, the board's view out.
  const [channel] = useState(() => createGameChannel<Command2048, View2048>());
  useLayoutEffect(() => channel.watch({ view: setView }), [channel]);
  const send = (command: Command2048) => channel.send(command);
  /** A button's press. After a click or tap the keys belong to the board again (a focused button
   *  keeps them); a keyboard press (detail 0) keeps the focus where the player put it. */
  const press = (event: MouseEvent<HTMLButtonElement>, command: Command2048) => {
    if (event.detail > 0) event.currentTarget.blur();
    send(command);
  };
  let overlay: ReactNode = null;
  if (view.confirming) {
    overlay = (
      <BoardOverlay
        tone="ask"
        title={TEXTS.confirmTitle}
        body={TEXTS.confirmBody}
        onEscape={() => send('keepPlaying')}
      >
        <button type="button" className="board-button" onClick={(e) => press(e, 'confirmNewGame')}>
          {TEXTS.newGame}
        </button>
        <button
          type="button"
          className="board-button board-button-quiet"
          data-autofocus
          onClick={(e) => press(e, 'keepPlaying')}
        >
          {TEXTS.keepPlaying}
        </button>
      </BoardOverlay>
    );
  } else if (view.status === 'over') {
    overlay = (
      <BoardOverlay
        tone="over"
        title={TEXTS.gameOver}
        body={`${TEXTS.score} ${view.score.toLocaleString('en-US')}`}
      >
        <button type="button" className="board-button" onClick={(e) => press(e, 'newGame')}>
          {TEXTS.playAgain}
        </button>
      </BoardOverlay>
    );
  } else if (view.status === 'won') {
    overlay = (
      <BoardOverlay tone="won" title={TEXTS.won}>
        <button type="button" className="board-button" onClick={(e) => press(e, 'continue')}>
          {TEXTS.continuePlaying}
        </button>
      </BoardOverlay>
    );
  }
  return (
    <PhaserGamePanel
      gameId="2048"
      title="2048"
      label="2048 board"
      loadScene={loadScene}
      firstMessage={firstMessage}
      reserve={{ width: side, height: side }}
      channel={channel}
      hint="Arrow keys, WASD or swipes move the tiles; N starts a new game."
      actions={
        <>
          <ScoreBox label={TEXTS.score} value={view.score} />
          <ScoreBox label={TEXTS.best} value={view.best} />
          <button type="button" className="btn btn-primary" onClick={(e) => press(e, 'newGame')}>
            {TEXTS.newGame}
          </button>
        </>
      }
      overlay={overlay}
    />
  );
}
