// The frame every game screen shares (SPEC 2 "Game screens"): title, cost pill, lives and
// 'Back to Games', and at 0 lives the help that names the quickest quest for lives. Plays start
// in the game scenes, through the progression bridge (games/shared/progression-bridge.ts).
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { PageHeader } from './page-header';
import { LivesDisplay } from './lives-display';
import { NoLivesHelp } from './no-lives-help';
import { gameById, type Game, costText } from '@/domain/games';
import { ROUTES } from '@/lib/routes';
import './games.css';

export interface GameScreenProps {
  gameId: Game['id'];
  /** The game's own controls beside the lives (a Pause button), in view above the game. */
  controls?: ReactNode;
  children: ReactNode;
}

export function GameScreen({ gameId, controls, children }: GameScreenProps) {
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
      {game.lifeCost > 0 && <NoLivesHelp />}
      {children}
    </main>
  );
}
