// A budget category badge's face: an icon (colour is never the only signal) and the label.
export const BADGE_ICON: Record<string, string> = {
  Need: '🏠',
  Want: '🛍️',
  Savings: '🐷',
  Income: '💵',
  Uncategorized: '❔',
};

/** The badge's class for a row's label ('badge-need', ... 'badge-uncategorized'). */
export const badgeClass = (label: string) => `badge badge-${label.toLowerCase()}`;

/** Icon and label, as one text node for readers and tests ('🏠 Need'). */
export function BadgeFace({ label }: { label: string }) {
  return (
    <span className="badge-face">
      <span aria-hidden="true">{BADGE_ICON[label] ?? BADGE_ICON.Uncategorized}</span> {label}
    </span>
  );
}

/** Marks one side of a transfer between the user's own accounts. */
export function TransferFlag() {
  return (
    <span className="badge badge-transfer" title="Moved between your own accounts: not counted as spending">
      <span aria-hidden="true">⇄</span> Transfer
    </span>
  );
}
