// Issue 24: the budget (income and how often it is paid) can be edited from Home at any time,
// not only through the Track Spending quest that pays once. It saves through the same intent.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Dialog } from '@/components/dialog';
import { BudgetForm } from '@/components/budget/budget-form';
import { budgetFrequencyAtom, budgetIncomeAtom } from '@/lib/atoms';
import { saveBudget } from '@/lib/quests';

export function EditBudgetButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
        Edit budget
      </button>
      {open && <EditBudgetDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function EditBudgetDialog({ onClose }: { onClose: () => void }) {
  const storedIncome = useAtomValue(budgetIncomeAtom);
  const storedFrequency = useAtomValue(budgetFrequencyAtom);
  return (
    <Dialog title="Edit budget" onClose={onClose}>
      <BudgetForm
        intro="Your income after tax and how often you are paid."
        submit="Save budget"
        initialIncome={storedIncome}
        initialFrequency={storedFrequency}
        onSave={(income, frequency) => {
          saveBudget(income, frequency);
          onClose();
        }}
        onCancel={onClose}
      />
    </Dialog>
  );
}
