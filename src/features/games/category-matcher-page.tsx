// /games/category-matcher: the matcher inside the game screen frame (free: it costs no life).
import { GameScreen } from '@/components/game-screen';
import { CategoryMatcher } from '@/components/matcher/category-matcher';

export function Page() {
  return (
    <GameScreen gameId="category-matcher">
      <section className="card" aria-label="Category Matcher">
        <CategoryMatcher />
      </section>
    </GameScreen>
  );
}
