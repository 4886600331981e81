// The Emergency Fund quest's page (SPEC 2 "Quest sub-pages", 4 "Quest", 5 "Emergency fund"):
// choose how many months of cover, enter monthly expenses, see the goal, 'Set Goal'. Opening the
// page returns the quest to not started; Set Goal stores emergency_fund_goal_amount, completes
// the quest through the progression module (10 lives and 50 XP) and shows a success dialog.
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/dialog';
import { PageHeader } from '@/components/page-header';
import { emergencyFundGoalAmountAtom } from '@/lib/atoms';
import { completeQuest, livesValueAtom, resetQuest } from '@/lib/progression';
import { startPageQuest } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import {
  EMERGENCY_FUND_INCOMPLETE,
  EXPENSES_RULES,
  FUND_STRENGTH_MONTHS,
  emergencyFundGoal,
  readMonthlyExpenses,
  type FundStrength,
} from '@/domain/emergency-fund';
import { formatMoney } from '@/domain/format';
import { questReward } from '@/domain/progression';
import { rewardPromise, rewardText } from '@/domain/reward-text';
import './quest-subpages.css';

const QUEST = 'emergency-fund';

const STRENGTH_NOTES: Record<FundStrength, string> = {
  3: 'A starter cushion',
  6: 'What experts suggest',
  12: 'For irregular pay',
};

interface Success {
  goal: number;
  months: FundStrength;
  expenses: number;
  reward: string;
}

export function Page() {
  const navigate = useNavigate();
  const [storedGoal, setStoredGoal] = useAtom(emergencyFundGoalAmountAtom);
  const lives = useAtomValue(livesValueAtom);
  const [months, setMonths] = useState<FundStrength | null>(null);
  const [expensesText, setExpensesText] = useState('');
  const [badInput, setBadInput] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [success, setSuccess] = useState<Success | null>(null);
  const id = useId();
  const ids = { expenses: `${id}-expenses`, hint: `${id}-hint`, error: `${id}-error`, goal: `${id}-goal` };

  // SPEC 4: opening the page clears the quest's stored state; the player is now working on it, so
  // it reads as started (issue 31) until Set Goal completes it. A completion after the first pays
  // nothing (the server pays this quest once per account).
  useEffect(() => {
    resetQuest(QUEST);
    startPageQuest(QUEST);
  }, []);

  const reading = badInput
    ? { amount: null, problem: EXPENSES_RULES.notNumber }
    : readMonthlyExpenses(expensesText);
  const goal = emergencyFundGoal(months, reading.amount);

  const setGoal = (e?: FormEvent) => {
    e?.preventDefault();
    if (goal <= 0 || months === null || reading.amount === null) {
      setAlert(EMERGENCY_FUND_INCOMPLETE);
      return;
    }
    setAlert(null);
    setStoredGoal(goal);
    const reward = completeQuest(QUEST);
    // Only the first Set Goal after opening the page pays; a second one just changes the goal.
    const paid = reward.xp > 0 || reward.lives > 0;
    setSuccess({
      goal,
      months,
      expenses: reading.amount,
      reward: paid ? `Quest complete! ${rewardText(reward, lives)}` : 'Your goal is updated.',
    });
  };
  // Enter in the field "triggers" Set Goal even while the button is disabled.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && goal <= 0 && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      setGoal();
    }
  };

  return (
    <main className="page quest-page">
      <PageHeader title="Build Your Emergency Fund">
        <button type="button" className="btn" onClick={() => navigate(ROUTES.quests)}>
          Back to Quests
        </button>
      </PageHeader>
      <section className="card" aria-labelledby="why-fund">
        <h2 id="why-fund">Why an Emergency Fund?</h2>
        <p>
          An emergency fund is money set aside for the unexpected: a job loss, a car repair, a medical bill.
          With it, a surprise does not become debt. Set a goal of {FUND_STRENGTH_MONTHS[0]} to{' '}
          {FUND_STRENGTH_MONTHS[1]} months of expenses and earn {rewardPromise(questReward(QUEST))}.
        </p>
        {storedGoal !== null && (
          <p className="muted">
            Your current goal: {formatMoney(storedGoal)}. Setting a new one replaces it.
          </p>
        )}
      </section>

      <form className="card form fund-form" onSubmit={setGoal} onKeyDown={onKeyDown} noValidate>
        <fieldset
          className="field segmented fund-strength"
          role="radiogroup"
          aria-labelledby={`${id}-strength`}
        >
          <legend id={`${id}-strength`} className="label">
            Fund Strength
          </legend>
          <div className="segmented-options">
            {FUND_STRENGTH_MONTHS.map((m) => (
              <label key={m} className={months === m ? 'selected' : undefined}>
                <input
                  type="radio"
                  name="fund-strength"
                  value={m}
                  checked={months === m}
                  onChange={() => {
                    setMonths(m);
                    setAlert(null);
                  }}
                  aria-labelledby={`${id}-months-${m}`}
                  aria-describedby={`${id}-note-${m}`}
                />
                <span id={`${id}-months-${m}`} className="fund-months">
                  {m} months
                </span>
                <span id={`${id}-note-${m}`} className="fund-note">
                  {STRENGTH_NOTES[m]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="field">
          <label htmlFor={ids.expenses}>Monthly expenses ($)</label>
          <input
            id={ids.expenses}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            value={expensesText}
            onChange={(e) => {
              setExpensesText(e.target.value);
              setBadInput(e.target.validity.badInput);
              setAlert(null);
            }}
            aria-describedby={reading.problem ? `${ids.hint} ${ids.error}` : ids.hint}
            aria-invalid={reading.problem ? true : undefined}
          />
          <span id={ids.hint} className="hint">
            What you spend in a typical month: rent, food, bills, transport.
          </span>
          {reading.problem && (
            <span id={ids.error} className="field-error" role="alert">
              {reading.problem}
            </span>
          )}
        </div>

        <section className={`goal-box${goal > 0 ? ' has-goal' : ''}`} aria-labelledby={ids.goal}>
          <h2 id={ids.goal}>Your Emergency Fund Goal</h2>
          <p className="goal-amount">{formatMoney(goal)}</p>
          <p className="muted small">
            {goal > 0 && months !== null && reading.amount !== null
              ? `${months} months × ${formatMoney(reading.amount)} of monthly expenses`
              : 'Choose a fund strength and enter your monthly expenses.'}
          </p>
        </section>

        {alert && (
          <p className="form-error" role="alert">
            {alert}
          </p>
        )}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={goal <= 0}>
            Set Goal
          </button>
        </div>
      </form>

      {success && (
        <Dialog title="Goal Set!" onClose={() => setSuccess(null)} focusTitle>
          <p>
            Your emergency fund goal is <strong>{formatMoney(success.goal)}</strong>: {success.months} months
            of {formatMoney(success.expenses)} in expenses.
          </p>
          <p role="status">{success.reward}</p>
          <p className="muted small">Tip: move a little to savings every payday until you reach it.</p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => setSuccess(null)}>
              Close
            </button>
            <button type="button" className="btn btn-primary" onClick={() => navigate(ROUTES.quests)}>
              Back to Quests
            </button>
          </div>
        </Dialog>
      )}
    </main>
  );
}
