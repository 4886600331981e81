// The frame every game screen shares (SPEC 2 "Game screens"): title, cost pill, lives and
// 'Back to Games', plus the start rule. A play starts through the progression module's
// startGame; while a play runs, further start requests (a second fast tap) spend nothing.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from './page-header';
import { LivesDisplay } from './lives-display';
import { NoLivesHelp } from './no-lives-help';
import { gameById, type Game, costText } from '@/domain/games';
import type { StartResult } from '@/domain/progression';
import { startGame } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import './games.css';

export interface GameSession {
  /** Starts a play: spends its life once, or returns (and shows) the no-lives refusal. */
  start(): StartResult;
  /** The play ended (game over, won, left): the next start spends a life again. */
  end(): void;
}

export function useGameSession(gameId: Game['id']): GameSession & { refusal: string | null } {
  const playing = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = useCallback((): StartResult => {
    if (playing.current) return 'started';
    const result = startGame(gameId);
    if (result === 'started') playing.current = true;
    setRefusal(result === 'started' ? null : result);
    return result;
  }, [gameId]);
  const end = useCallback(() => {
    playing.current = false;
  }, []);
  return { start, end, refusal };
}

export interface GameScreenProps {
  gameId: Game['id'];
  /** The no-lives refusal of the screen's session, shown as text while it stands. */
  refusal?: string | null;
  /** The game's own controls beside the lives (a Pause button), in view above the game. */
  controls?: ReactNode;
  children: ReactNode;
}

export function GameScreen({ gameId, refusal = null, controls, children }: GameScreenProps) {
  const game = gameById(gameId);
  return (
    <main className="page game-screen">
      <PageHeader title={game.title}>
        <Link className="btn btn-sm" to={ROUTES.games}>
          <span aria-hidden="true">← </span>Back to Games
        </Link>
      </PageHeader>
      <div className="game-screen-bar">
        <span className="cost-pill">{costText(game)}</span>
        <LivesDisplay />
        {controls && <div className="game-screen-controls">{controls}</div>}
      </div>
      <div role="alert" className="game-screen-refusal">
        {refusal && <p className="form-error">{refusal}</p>}
      </div>
      {game.lifeCost > 0 && <NoLivesHelp />}
      {children}
    </main>
  );
}
