// The dev admin page (SPEC 2, development only): every quest's state (Not Started, Started or
// Completed), what its keys hold, 'Invalid JSON data' when that cannot be read, and tools to
// start, complete (without reward) or reset quests.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { QUEST_IDS, questView, type QuestId } from '@/domain/quests';
import { useNow } from '@/lib/clock';
import { rawQuestStorage } from '@/lib/quests';
import {
  clearQuestStorage,
  questStateValueAtom,
  questTimerValueAtom,
  setQuestLocally,
} from '@/lib/progression';
import { DevNote } from './dev-note';
import './dev.css';

const STATE_TEXT = {
  'not-started': 'Not Started',
  started: 'Started',
  expired: 'Started',
  completed: 'Completed',
};

/** `changed` re-reads the raw keys after an action (a reset of bad data changes no atom value). */
function QuestRow({ id, changed }: { id: QuestId; changed: () => void }) {
  const stored = useAtomValue(questStateValueAtom(id));
  const startedAt = useAtomValue(questTimerValueAtom(id));
  const view = questView(id, stored, startedAt, useNow(false));
  const raw = rawQuestStorage(id);
  return (
    <li>
      <article className="card dev-quest" aria-labelledby={`dev-${id}`}>
        <div className="dev-quest-head">
          <h3 id={`dev-${id}`}>{id}</h3>
          <span className="badge">{STATE_TEXT[view.status]}</span>
        </div>
        {raw.invalid && (
          <p className="dev-invalid" role="alert">
            Invalid JSON data
          </p>
        )}
        <dl className="dev-state">
          <div>
            <dt>quest_{id}</dt>
            <dd>
              <code>{raw.state ?? '(empty)'}</code>
            </dd>
          </div>
          <div>
            <dt>quest_timer_{id}</dt>
            <dd>
              <code>{raw.timer ?? '(empty)'}</code>
            </dd>
          </div>
        </dl>
        <div className="dev-actions">
          <button
            type="button"
            className="btn btn-sm"
            aria-label={`Start ${id}`}
            onClick={() => {
              setQuestLocally(id, 'started');
              changed();
            }}
          >
            Start
          </button>
          <button
            type="button"
            className="btn btn-sm"
            aria-label={`Mark Completed ${id}`}
            onClick={() => {
              setQuestLocally(id, 'completed');
              changed();
            }}
          >
            Mark Completed
          </button>
          <button
            type="button"
            className="btn btn-sm"
            aria-label={`Reset ${id}`}
            onClick={() => {
              clearQuestStorage(id);
              changed();
            }}
          >
            Reset
          </button>
        </div>
      </article>
    </li>
  );
}

export function Page() {
  const [, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <main className="page dev-page">
      <PageHeader title="Dev Admin">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            QUEST_IDS.forEach((id) => clearQuestStorage(id));
            changed();
          }}
        >
          Reset All Quests
        </button>
      </PageHeader>
      <DevNote />
      <section aria-labelledby="dev-quests">
        <h2 id="dev-quests">Quest management</h2>
        <ul className="dev-quests">
          {QUEST_IDS.map((id) => (
            <QuestRow key={id} id={id} changed={changed} />
          ))}
        </ul>
      </section>
    </main>
  );
}
