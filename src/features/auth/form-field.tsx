// A labelled text input for the auth forms, described by its hint and, when it is at fault, by
// the error shown right under it.
import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError } from './use-form-submit';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** Set while the last attempt failed because of this field. */
  error?: FieldError;
}

export function FormField({ label, value, onChange, hint, error, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [error?.id, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error?.message && (
        <p id={error.id} role="alert" className="field-error">
          {error.message}
        </p>
      )}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

interface BoundFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: FieldError;
}

/** The e-mail field every auth form that has one shares. */
export function EmailField(props: BoundFieldProps) {
  return (
    <FormField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
