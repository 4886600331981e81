// The Category Matcher (SPEC 4): loading, then an empty message or an intro with Start, then one
// card per uncategorised transaction (own transfers are not cards) with a 5 s countdown and a Skip;
// after the last card a summary lists every card with its label, timeouts marked, and lets the
// player change any (issue 24); Save sends the picks (skipped cards are not sent) through the bank
// cache (so every list updates), stores them locally and announces transactionsUpdated; the server
// pays their XP (its answer is shown). It costs no life.
import { useMemo, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { BUDGET_CATEGORIES } from '@/domain/categories';
import {
  labelsByMerchant,
  picksToSave,
  suggestCategory,
  uncategorised,
  type MatcherPick,
} from '@/domain/matcher';
import { categoryMatcherResultsAtom } from '@/lib/atoms';
import { ApiError } from '@/lib/api-client';
import type { Transaction } from '@/bank/api';
import { useBankTransactions, useSaveMatcherRound } from '@/bank/queries';
import { emit } from '@/lib/events';
import { MatcherCard } from './matcher-card';
import { MatcherSummary } from './matcher-summary';
import { useMatcherRound } from './use-matcher-round';
import '../games.css';

export const MATCHER_ERRORS = {
  load: 'Failed to load transactions',
  reload: 'Failed to load new transactions',
  save: 'Failed to save categories to database. Please try again.',
  gone: 'These transactions are no longer in your bank data, so nothing was saved. The list is up to date again.',
} as const;

type Phase = 'intro' | 'playing' | 'saving' | 'saved' | 'save-failed' | 'gone';

export function CategoryMatcher() {
  const txQuery = useBankTransactions();
  const updateCategories = useSaveMatcherRound();
  const storeResults = useSetAtom(categoryMatcherResultsAtom);
  const [phase, setPhase] = useState<Phase>('intro');
  const [cards, setCards] = useState<Transaction[]>([]);
  const [earned, setEarned] = useState(0);
  // The summary's changes to the round's picks (null: none yet).
  const [edited, setEdited] = useState<MatcherPick[] | null>(null);
  const { round, card, seconds, choose, skipCard, restart, finished } = useMatcherRound(
    cards,
    phase === 'playing',
  );
  const all = txQuery.data;
  const waiting = useMemo(() => uncategorised(all ?? []), [all]);
  const ownLabels = useMemo(() => labelsByMerchant(all ?? []), [all]);
  const saving = useRef(false);
  const review = edited ?? round.picks;

  const save = () => {
    if (saving.current) return;
    saving.current = true;
    const picks = picksToSave(review);
    if (picks.length === 0) {
      // Every card was skipped: nothing to send, nothing paid.
      saving.current = false;
      setPhase('intro');
      return;
    }
    setPhase('saving');
    const results = Object.fromEntries(picks.map((p) => [p.plaidId, p.category]));
    storeResults((prev) => ({ ...prev, ...results }));
    updateCategories.mutate(
      picks.map((p) => ({
        plaidId: p.plaidId,
        budget_category: p.category,
        ...(p.timedOut ? { timedOut: true } : {}),
      })),
      {
        onSuccess: (saved) => {
          setEarned(saved.reward?.xp ?? 0);
          emit('transactionsUpdated', undefined);
          setPhase('saved');
        },
        onError: (error) => {
          // 404: a sync removed every transaction of this round; retrying could never succeed.
          if (error instanceof ApiError && error.status === 404) {
            setPhase('gone');
            void txQuery.refetch();
          } else setPhase('save-failed');
        },
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  const start = () => {
    setCards(waiting);
    setEdited(null);
    restart();
    setPhase('playing');
  };

  if (txQuery.isPending) {
    return (
      <div className="loading-screen small" role="status" aria-label="Loading transactions">
        <div className="spinner" />
      </div>
    );
  }
  if (!all) {
    return (
      <p className="form-error" role="alert">
        {MATCHER_ERRORS.load}
      </p>
    );
  }
  // A reload after a change failed: the last list stays playable, the user is told.
  const reloadError = txQuery.isError ? (
    <p className="form-error" role="alert">
      {MATCHER_ERRORS.reload}
    </p>
  ) : null;

  if (phase === 'playing' && card) {
    // A long round can end early: the cards answered so far are saved, the rest wait for later.
    const stop = () => (round.index === 0 ? setPhase('intro') : setCards(cards.slice(0, round.index)));
    return (
      <div className="matcher-panel">
        <MatcherCard
          key={card.plaidId}
          transaction={card}
          index={round.index}
          total={cards.length}
          seconds={seconds}
          xp={round.xp}
          suggestion={suggestCategory(card, ownLabels)}
          onChoose={choose}
          onSkip={skipCard}
        />
        <button type="button" className="btn btn-sm btn-ghost" onClick={stop}>
          {round.index === 0 ? 'Stop' : 'Stop and review'}
        </button>
      </div>
    );
  }
  // The last card answered: the summary, where any label can still change before saving.
  if (phase === 'playing' && finished) {
    return <MatcherSummary cards={cards} picks={review} onChange={setEdited} onSave={save} />;
  }
  if (phase === 'saving' || (phase === 'playing' && !card)) {
    return (
      <div className="loading-screen small" role="status" aria-label="Saving categories">
        <div className="spinner" />
      </div>
    );
  }
  if (phase === 'save-failed') {
    return (
      <div className="matcher-panel">
        <p className="form-error" role="alert">
          {MATCHER_ERRORS.save}
        </p>
        <button type="button" className="btn btn-primary" onClick={save}>
          Try again
        </button>
      </div>
    );
  }
  if (phase === 'gone') {
    return (
      <div className="matcher-panel">
        <p className="form-error" role="alert">
          {MATCHER_ERRORS.gone}
        </p>
        <button type="button" className="btn" onClick={() => setPhase('intro')}>
          Done
        </button>
      </div>
    );
  }
  if (phase === 'saved') {
    return (
      <div className="matcher-panel">
        <p className="matcher-done" role="status">
          <span aria-hidden="true">🎉 </span>Categories saved successfully!
        </p>
        <p className="matcher-xp-total">Total XP: {earned > 0 ? `+${earned}` : earned}</p>
        {reloadError}
        <button type="button" className="btn" onClick={() => setPhase('intro')}>
          Done
        </button>
      </div>
    );
  }
  if (waiting.length === 0) {
    return (
      <div className="matcher-panel">
        {reloadError}
        <p className="muted">
          No uncategorized transactions. New ones from your bank will show up here to sort.
        </p>
      </div>
    );
  }
  return (
    <div className="matcher-panel">
      {reloadError}
      <p>
        Sort {waiting.length} {waiting.length === 1 ? 'transaction' : 'transactions'} into{' '}
        {BUDGET_CATEGORIES.join(', ')}. Each card gives you 5 seconds: +10 XP for a pick; when time runs out
        it counts as a Want and costs 5 XP; Skip leaves it for later and pays nothing. At the end you can
        check and change every label before saving.
      </p>
      <p className="muted small key-hint">Keys 1 to 4 pick a category; Enter takes the suggestion.</p>
      <button type="button" className="btn btn-primary" onClick={start}>
        Start
      </button>
    </div>
  );
}
