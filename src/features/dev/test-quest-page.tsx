// The test quest page (SPEC 2, development only): the financial-guru quest's state and buttons
// that start, complete, reset, clear and force it.
import { useAtomValue } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { timedProgress, TIMED_QUEST_SECONDS } from '@/domain/quests';
import {
  clearQuestStorage,
  questStateValueAtom,
  questTimerValueAtom,
  setQuestLocally,
} from '@/lib/progression';
import { DevNote } from './dev-note';
import { useNow } from '@/lib/clock';
import './dev.css';

const ID = 'financial-guru';

export function Page() {
  const stored = useAtomValue(questStateValueAtom(ID));
  const startedAt = useAtomValue(questTimerValueAtom(ID));
  const now = useNow(stored?.isStarted === true && startedAt !== null);
  const isStarted = stored?.isStarted ?? false;
  const timed = isStarted && startedAt !== null ? timedProgress(startedAt, now) : null;
  const timeRemaining = timed?.timeRemaining ?? stored?.timeRemaining ?? 0;
  const completedStored = stored !== null && !stored.isStarted && stored.timeRemaining === 0;
  const progressPercentage = completedStored ? 100 : Math.round(timed?.progress ?? 0);
  const completed = progressPercentage >= 100;
  const rows: [string, string][] = [
    ['isStarted', String(isStarted)],
    ['timeRemaining', `${timeRemaining} s (of ${TIMED_QUEST_SECONDS} s)`],
    ['progressPercentage', `${progressPercentage}%`],
    ['completed', String(completed)],
  ];
  return (
    <main className="page dev-page">
      <PageHeader title="Test Quest" />
      <DevNote />
      <section className="card" aria-labelledby="test-quest-state">
        <h2 id="test-quest-state">Financial Guru quest state</h2>
        <dl className="dev-state">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="test-quest-actions">
        <h2 id="test-quest-actions">Actions</h2>
        <div className="dev-actions">
          <button type="button" className="btn btn-primary" onClick={() => setQuestLocally(ID, 'started')}>
            Start Quest
          </button>
          <button type="button" className="btn btn-success" onClick={() => setQuestLocally(ID, 'completed')}>
            Complete Quest
          </button>
          <button type="button" className="btn" onClick={() => setQuestLocally(ID, 'reset')}>
            Reset Quest
          </button>
          <button type="button" className="btn" onClick={() => clearQuestStorage(ID)}>
            Clear Stored Data
          </button>
          <button type="button" className="btn" onClick={() => setQuestLocally(ID, 'completed')}>
            Force Completed State
          </button>
          <button type="button" className="btn" onClick={() => setQuestLocally(ID, 'started-untimed')}>
            Force Started State
          </button>
        </div>
      </section>
    </main>
  );
}
