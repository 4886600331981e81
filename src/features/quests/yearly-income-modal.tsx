// Yearly Income (SPEC 4): enter the yearly income (a number above 0, step 1), see its 50/30/20
// breakdown, then 'Complete Quest' saves yearly_income and yearly_income_budget (a budget, so it
// unlocks Budget Master), shows 3 s of congratulations and completes the quest.
import { useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { BudgetDisplay } from '@/components/budget/budget-display';
import { FormActions } from '@/components/budget/budget-form';
import { parseYearlyIncome, yearlyIncomeBreakdown } from '@/domain/quests';
import { saveYearlyIncome } from '@/lib/quests';
import { QuestSuccess } from './quest-success';
import { useAfterCongratulations, useFinishQuest } from './use-finish-quest';

type Step = 'enter' | 'breakdown' | 'done';

export function YearlyIncomeModal({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>('enter');
  const finish = useFinishQuest('yearly-income');
  const afterCongratulations = useAfterCongratulations();
  const inputId = useId();
  const yearly = parseYearlyIncome(text);

  return (
    <Dialog title="Yearly Income" onClose={onClose} dismissible={step !== 'done'}>
      {step === 'enter' && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (yearly !== null) setStep('breakdown');
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>Your yearly income (after tax)</label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={text}
              onChange={(e) => setText(e.target.value)}
              required
            />
          </div>
          <FormActions onCancel={onClose} submit="See My Budget" valid={yearly !== null} />
        </form>
      )}
      {step === 'breakdown' && yearly !== null && (
        <>
          <BudgetDisplay monthlyIncome={yearlyIncomeBreakdown(yearly).monthly} />
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => setStep('enter')}>
              Back
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                saveYearlyIncome(yearly);
                setStep('done');
                afterCongratulations(finish);
              }}
            >
              Complete Quest
            </button>
          </div>
        </>
      )}
      {step === 'done' && (
        <QuestSuccess title="Congratulations!" text="Your 50/30/20 budget is saved. Well done!" />
      )}
    </Dialog>
  );
}
