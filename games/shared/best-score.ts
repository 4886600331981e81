// A game's best score in local storage, validated on read: anything that is not a whole,
// non-negative number counts as 0 (SPEC "Bad input": a stored best that is not a number).
import { BEST_SCORE_KEYS } from '@/lib/storage-keys';
import { recordProgress } from '@/lib/progress-sync/sender';

export { BEST_SCORE_KEYS };

export type BestScoreGame = keyof typeof BEST_SCORE_KEYS;

export function parseBestScore(raw: string | null): number {
  if (raw === null || !/^\s*\d{1,15}\s*$/.test(raw)) return 0;
  return Number(raw);
}

export function readBestScore(game: BestScoreGame, storage: Storage = localStorage): number {
  try {
    return parseBestScore(storage.getItem(BEST_SCORE_KEYS[game]));
  } catch {
    return 0;
  }
}

export function writeBestScore(game: BestScoreGame, best: number, storage: Storage = localStorage): void {
  if (!Number.isInteger(best) || best < 0) return;
  try {
    storage.setItem(BEST_SCORE_KEYS[game], String(best));
    recordProgress({ type: 'best-score', game, score: best });
  } catch {
    // Storage full or blocked: the best stays for this session only.
  }
}
