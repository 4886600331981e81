// Top Spending Category: one line of text, trimmed, non-empty, at most 50 characters (SPEC 5); then
// 3 s of congratulations like the other modal quests, and the quest completes.
import { useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { checkTopCategory, TOP_CATEGORY_MAX } from '@/domain/quests';
import { QuestSuccess } from './quest-success';
import { useAfterCongratulations, useFinishQuest } from './use-finish-quest';

export function TopCategoryModal({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const finish = useFinishQuest('top-spending-category');
  const afterCongratulations = useAfterCongratulations();
  const inputId = useId();
  const errorId = useId();

  return (
    <Dialog title="Top Spending Category" onClose={onClose} dismissible={done === null}>
      {done !== null ? (
        <QuestSuccess title="Congratulations!" text={`Keeping an eye on ${done} is a great first step.`} />
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const result = checkTopCategory(text);
            if (!result.ok) {
              setError(result.error);
              return;
            }
            setDone(result.value);
            afterCongratulations(finish);
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>What do you spend the most on?</label>
            <input
              id={inputId}
              type="text"
              maxLength={TOP_CATEGORY_MAX}
              value={text}
              placeholder="e.g. Groceries"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={errorId} className="field-error">
                {error}
              </p>
            )}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Complete Quest
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
