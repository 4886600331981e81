// Shows app notices (achievements, errors the spec calls "alerts") as snackbars above the bottom
// navigation and the Add Expense button, stacked newest last. Each keeps role="alert" (the spec's
// alerts, DECISIONS.md) but good news is announced politely; errors stay until dismissed.
import { useEffect, useState } from 'react';
import { on, type AppEventDetail } from '@/lib/events';

type Notice = AppEventDetail['notify'] & { id: number };
/** How long a notice that is not an error stays. */
export const AUTO_DISMISS_MS = 8000;
let nextId = 1;

export function Notifier() {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(
    () =>
      on('notify', (detail) => {
        const id = nextId++;
        setNotices((list) => [...list, { ...detail, id }]);
        if (detail.tone !== 'error')
          window.setTimeout(() => setNotices((list) => list.filter((n) => n.id !== id)), AUTO_DISMISS_MS);
      }),
    [],
  );
  const dismiss = (id: number) => setNotices((list) => list.filter((n) => n.id !== id));
  return (
    <div className="notifier">
      {notices.map((n) => (
        <div
          key={n.id}
          role="alert"
          aria-live={n.tone === 'error' ? 'assertive' : 'polite'}
          className={`toast toast-${n.tone ?? 'info'}`}
        >
          <span className="toast-icon" aria-hidden="true">
            {n.tone === 'error' ? '!' : n.tone === 'success' ? '★' : 'i'}
          </span>
          <p>{n.message}</p>
          <button
            type="button"
            className="icon-btn"
            aria-label="Dismiss notification"
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
