// /games: the catalogue. Each card plays or shows its lock; the gates are domain/games.ts, the
// same ones the router guards apply.
import { Link } from '@/components/link';
import { useAtomValue } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { LivesDisplay } from '@/components/lives-display';
import { GAMES, isUnlocked, lockedLabel, xpStillNeeded, type Game, ARCADE_COST_TEXT } from '@/domain/games';
import { xpValueAtom } from '@/lib/progression';

function GameCard({ game, xp }: { game: Game; xp: number }) {
  const headingId = `game-${game.id}-title`;
  const open = isUnlocked(game, xp);
  return (
    <li className="card game-card" aria-labelledby={headingId}>
      <span className="game-card-emoji" aria-hidden="true">
        {game.emoji}
      </span>
      <div className="game-card-body">
        <h2 id={headingId}>{game.title}</h2>
        <p className="muted">{game.description}</p>
        {open ? (
          <Link className="btn btn-primary" to={game.route} aria-label={`Play ${game.title}`}>
            Play
          </Link>
        ) : (
          <p className="game-card-lock">
            <span className="badge badge-locked">
              <span aria-hidden="true">🔒 </span>
              Locked
            </span>{' '}
            <span>{lockedLabel(game)}</span>{' '}
            <span className="muted small">{xpStillNeeded(game, xp)} XP to go</span>
          </p>
        )}
      </div>
    </li>
  );
}

export function Page() {
  const xp = useAtomValue(xpValueAtom);
  return (
    <main className="page">
      <PageHeader title="Games">
        <LivesDisplay />
      </PageHeader>
      <p className="muted">{ARCADE_COST_TEXT}</p>
      <ul className="game-grid" aria-label="Games">
        {GAMES.map((g) => (
          <GameCard key={g.id} game={g} xp={xp} />
        ))}
      </ul>
    </main>
  );
}
