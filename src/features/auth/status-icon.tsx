// The large round icon at the top of the auth status screens (decorative).
const PATHS = {
  mail: 'M6 10h20v13H6z M6 10l10 8 10-8',
  success: 'M9 16.5l4.5 4.5L23 11.5',
  warning: 'M16 9v9 M16 22.5v.5',
} as const;

export function StatusIcon({ kind }: { kind: keyof typeof PATHS }) {
  return (
    <span className={`auth-status-icon auth-status-${kind}`} aria-hidden="true">
      <svg
        width="32"
        height="32"
        viewBox="0 0 32 32"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}
