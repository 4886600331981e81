// The text of what a game shows now (prompt, score, lives, game over, won, the no-lives refusal),
// in a polite live region, so screen readers and tests read the same words as the canvas.
import './game-page.css';

export function GameMessage({ text }: { text: string }) {
  return (
    <p className="game-message" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
