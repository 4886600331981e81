// The form's main button; while the request runs it shows a spinner and cannot be pressed again.
interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
}

export function SubmitButton({ label, busyLabel, busy }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
