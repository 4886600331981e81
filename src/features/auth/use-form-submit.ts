// Runs a form's async submit once at a time: busy flag, error text, and no double submission
// (a ref guards the gap before React re-renders the disabled button).
import { useCallback, useRef, useState, type FormEvent } from 'react';

export function useFormSubmit(run: () => Promise<void>, toMessage: (err: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);

  const onSubmit = useCallback(
    async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        await run();
      } catch (err) {
        setError(toMessage(err));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [run, toMessage],
  );

  return { busy, error, setError, onSubmit };
}

/** Thrown for a failed client-side check: its message is shown as is. */
export class FormCheckError extends Error {
  override name = 'FormCheckError';
}
