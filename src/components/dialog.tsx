// An accessible modal dialog: labelled, focus moved in and trapped, Escape closes, focus restored.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations and alerts. */
  role?: 'dialog' | 'alertdialog';
  /** Set false while an operation runs so Escape and the backdrop do nothing. */
  dismissible?: boolean;
  className?: string;
  /** Puts the initial focus on the title (for a dialog whose first control comes later). */
  focusTitle?: boolean;
  /** Set false so a click beside the dialog does nothing (Escape still follows `dismissible`). */
  closeOnBackdrop?: boolean;
  /** Shows a labelled × button in the corner (for dialogs that have no Cancel of their own). */
  closeButton?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  dismissible = true,
  className,
  focusTitle = false,
  closeOnBackdrop = true,
  closeButton = false,
}: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // A press that starts inside the dialog and ends beside it (selecting text) must not close it.
  const pressedBackdrop = useRef(false);
  // The latest props, read by the once-registered key handler.
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dismissibleRef.current) {
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        // From the focused title (not in the tab order) Shift+Tab would leave the dialog too.
        const at = items.indexOf(document.activeElement as HTMLElement);
        if (e.shiftKey && at <= 0) {
          e.preventDefault();
          items[items.length - 1].focus();
        } else if (!e.shiftKey && at === items.length - 1) {
          e.preventDefault();
          items[0].focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className="dialog-backdrop"
      // A click, not a mouse-down, so a tap on a touch screen counts as well as a mouse click.
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        const outside = e.target === e.currentTarget && pressedBackdrop.current;
        pressedBackdrop.current = false;
        if (outside && closeOnBackdrop && dismissibleRef.current) onCloseRef.current();
      }}
    >
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog ${className ?? ''}`}
      >
        <h2 id={titleId} tabIndex={focusTitle ? -1 : undefined} data-autofocus={focusTitle || undefined}>
          {title}
        </h2>
        {closeButton && (
          <button
            type="button"
            className="dialog-close"
            aria-label="Close"
            onClick={() => {
              if (dismissibleRef.current) onCloseRef.current();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        {children}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Dialog title={p.title} onClose={p.onCancel} role="alertdialog" dismissible={!p.busy}>
      <div>{p.message}</div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={p.onCancel} disabled={p.busy} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${p.danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={p.onConfirm}
          disabled={p.busy}
          aria-busy={p.busy}
        >
          {p.busy ? 'Please wait…' : p.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'busy' | 'onConfirm' | 'onCancel'> {
  /** The button's content; it opens the confirmation. */
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
  /** Runs on confirmation. The dialog stays busy until it settles, then closes; it handles its errors. */
  onConfirm: () => Promise<void>;
}

/** A button that asks first: it owns the confirmation's open and busy state. */
export function ConfirmButton({
  children,
  className,
  disabled,
  'aria-label': ariaLabel,
  onConfirm,
  ...dialog
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open && (
        <ConfirmDialog
          {...dialog}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
