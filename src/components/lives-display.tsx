// 'Lives Remaining: N' with a heart (SPEC 2 "Shared widgets"); reads lives through the
// progression module's read-only atom, so it updates whenever any game or quest changes them.
import { useAtomValue } from 'jotai';
import { livesValueAtom } from '@/lib/progression';
import './games.css';

export function LivesDisplay() {
  const lives = useAtomValue(livesValueAtom);
  return (
    <p className="lives-display" aria-live="polite">
      <span aria-hidden="true">❤️</span> Lives Remaining: {lives}
    </p>
  );
}
