// Spending Guesstimate (SPEC 3/4): choose one of four monthly amounts (stored as its midpoint in
// monthly_spending_guess), see it against the known monthly income with a status colour and
// words, continue to 3 s of success, then the quest completes.
import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Dialog } from '@/components/dialog';
import { formatMoney } from '@/domain/format';
import { resolveIncome } from '@/domain/income';
import { GUESS_STATUS_TEXT, SPENDING_GUESS_OPTIONS, guessStatus } from '@/domain/quests';
import { budgetFrequencyAtom, budgetIncomeAtom, yearlyIncomeBudgetAtom } from '@/lib/atoms';
import { saveSpendingGuess } from '@/lib/quests';
import { QuestSuccess } from './quest-success';
import { useAfterCongratulations, useFinishQuest } from './use-finish-quest';

type Step = 'choose' | 'compare' | 'done';
const STATUS_ICON = { gray: '?', red: '\u26a0', orange: '\u25b2', green: '\u2713' } as const;

function useMonthlyIncome(): number | null {
  const budgetIncome = useAtomValue(budgetIncomeAtom);
  const budgetFrequency = useAtomValue(budgetFrequencyAtom);
  const yearlyIncomeBudget = useAtomValue(yearlyIncomeBudgetAtom);
  return resolveIncome({ budgetIncome, budgetFrequency, yearlyIncomeBudget, bankIncome: 0 })?.monthly ?? null;
}

export function SpendingGuessModal({ onClose }: { onClose: () => void }) {
  const [guess, setGuess] = useState<number | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const income = useMonthlyIncome();
  const finish = useFinishQuest('spending-guesstimate');
  const afterCongratulations = useAfterCongratulations();
  const legendId = useId();
  const status = guess === null ? 'gray' : guessStatus(guess, income);
  const label = SPENDING_GUESS_OPTIONS.find((o) => o.value === guess)?.label;

  return (
    <Dialog title="Spending Guesstimate" onClose={onClose} dismissible={step !== 'done'}>
      {step === 'choose' && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (guess === null) return;
            saveSpendingGuess(guess);
            setStep('compare');
          }}
        >
          <fieldset className="guess-options" aria-labelledby={legendId}>
            <legend id={legendId}>How much do you think you spend in a month?</legend>
            {SPENDING_GUESS_OPTIONS.map((o) => (
              <label key={o.value} className={guess === o.value ? 'selected' : undefined}>
                <input
                  type="radio"
                  name="spending-guess"
                  value={o.value}
                  checked={guess === o.value}
                  onChange={() => setGuess(o.value)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={guess === null}>
              Continue
            </button>
          </div>
        </form>
      )}
      {step === 'compare' && guess !== null && (
        <>
          <dl className="guess-compare">
            <div>
              <dt>Your guess</dt>
              <dd>{label} a month</dd>
            </div>
            <div>
              <dt>Your monthly income</dt>
              <dd>{income === null ? 'Not known yet' : formatMoney(income)}</dd>
            </div>
          </dl>
          <p className={`guess-status guess-${status}`} data-status={status}>
            <span aria-hidden="true" className="guess-status-icon">
              {STATUS_ICON[status]}
            </span>
            {GUESS_STATUS_TEXT[status]}
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setStep('done');
                afterCongratulations(finish);
              }}
            >
              Continue
            </button>
          </div>
        </>
      )}
      {step === 'done' && (
        <QuestSuccess title="Great guess!" text="Knowing what you spend is the first step to a budget." />
      )}
    </Dialog>
  );
}
