// Runs a form's async submit once at a time: busy flag, error text, the fields it is about, and
// no double submission (a ref guards the gap before React re-renders the disabled button).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fieldsAtFault, type AuthField } from '@/domain/validation';

/** What a field shows while the last attempt failed because of it. */
export interface FieldError {
  /** id of the message the field is described by. */
  id: string;
  /** The text, on the first field at fault only; the others point at it. */
  message: string | null;
}

type Values = Partial<Record<AuthField, string>>;

export function useFormSubmit(
  run: () => Promise<void>,
  toMessage: (err: unknown) => string,
  values: Values = {},
) {
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: AuthField[] } | null>(null);
  const running = useRef(false);

  const onSubmit = useCallback(
    async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setFailure(null);
      try {
        await run();
      } catch (err) {
        const message = toMessage(err);
        setFailure({ message, fields: fieldsAtFault(message, values) });
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [run, toMessage, values],
  );

  // The user goes straight to the first field to fix (after the button is enabled again).
  useEffect(() => {
    if (!busy && failure?.fields.length)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [busy, failure]);

  const errorFor = (field: AuthField): FieldError | undefined => {
    if (!failure?.fields.includes(field)) return undefined;
    return { id: errorId, message: failure.fields[0] === field ? failure.message : null };
  };

  return {
    busy,
    /** The last attempt's error text, wherever it is shown. */
    error: failure?.message ?? null,
    /** The error when it is about no single field: shown for the whole form. */
    formError: failure && failure.fields.length === 0 ? failure.message : null,
    formErrorId: errorId,
    errorFor,
    formRef,
    onSubmit,
  };
}

/** Thrown for a failed client-side check: its message is shown as is. */
export class FormCheckError extends Error {
  override name = 'FormCheckError';
}
