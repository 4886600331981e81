// Shows app notices (achievements, errors the spec calls "alerts") as snackbars above the bottom
// navigation and the Add Expense button, stacked newest last. Each keeps role="alert" (the spec's
// alerts, DECISIONS.md) but good news is announced politely; errors stay until dismissed. A notice
// that leaves on its own waits while the pointer is over it or focus is inside it (WCAG 2.2.1).
import { useEffect, useRef, useState } from 'react';
import { on, type AppEventDetail } from '@/lib/events';

type Notice = AppEventDetail['notify'] & { id: number };
/** How long a notice that is not an error stays (while not paused). */
export const AUTO_DISMISS_MS = 8000;
let nextId = 1;

export function Notifier() {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => on('notify', (detail) => setNotices((list) => [...list, { ...detail, id: nextId++ }])), []);
  const dismiss = (id: number) => setNotices((list) => list.filter((n) => n.id !== id));
  return (
    <div className="notifier">
      {notices.map((n) => (
        <Snackbar key={n.id} notice={n} onDismiss={() => dismiss(n.id)} />
      ))}
    </div>
  );
}

function Snackbar({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const sticky = notice.tone === 'error';
  const paused = hovered || focused;
  // Time left survives pauses: each pause keeps what was not yet used.
  const left = useRef(AUTO_DISMISS_MS);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (sticky || paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismissRef.current(), left.current);
    return () => {
      window.clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [sticky, paused]);

  return (
    <div
      role="alert"
      aria-live={sticky ? 'assertive' : 'polite'}
      className={`toast toast-${notice.tone ?? 'info'}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span className="toast-icon" aria-hidden="true">
        {notice.tone === 'error' ? '!' : notice.tone === 'success' ? '★' : 'i'}
      </span>
      <p>{notice.message}</p>
      <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
