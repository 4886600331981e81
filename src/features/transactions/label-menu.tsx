// A row's label badge as a control: tap, click, Enter or Space opens a small menu of Need, Want,
// Savings, Income and Uncategorized. Arrows move, Enter or Space picks, Escape closes; focus
// returns to the badge. The menu is fixed to the viewport next to the badge and follows it.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LABEL_CHOICES } from '@/domain/transaction-view';
import { BadgeFace, badgeClass } from '@/components/transactions/category-badge';

export type LabelChoice = (typeof LABEL_CHOICES)[number];
const MENU_HEIGHT_PX = 5 * 44 + 12;

interface Props {
  label: LabelChoice;
  /** What the row is, for the control's name: 'Starbucks, Nov 20, 2026, −$5.40'. */
  rowName: string;
  plaidId: string;
  onPick: (label: LabelChoice) => void;
}

export function LabelMenu({ label, rowName, plaidId, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // Below the badge, or above it when the viewport has no room below; it follows the badge when
  // the page scrolls (a click first scrolls the badge into view, and that scroll arrives late).
  const measure = () => {
    if (!button.current) return;
    const r = button.current.getBoundingClientRect();
    const below = r.bottom + 4 + MENU_HEIGHT_PX <= window.innerHeight;
    setPlace({
      top: below ? r.bottom + 4 : Math.max(8, r.top - 4 - MENU_HEIGHT_PX),
      left: Math.max(8, Math.min(r.left, window.innerWidth - 200)),
    });
  };
  useLayoutEffect(() => {
    if (open) measure();
  }, [open]);

  // Focus the current label's item once placed.
  const placed = place !== null;
  useEffect(() => {
    if (!open || !placed) return;
    const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const current = [...(items ?? [])].find((el) => el.getAttribute('aria-checked') === 'true');
    (current ?? items?.[0])?.focus();
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [open]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  const menuId = `label-menu-${plaidId}`;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${badgeClass(label)} badge-btn`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${label}. Change label of ${rowName}`}
        data-label-for={plaidId}
        onClick={() => setOpen((o) => !o)}
      >
        <BadgeFace label={label} />
        <span aria-hidden="true" className="badge-caret">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={`Label for ${rowName}`}
          className="label-menu"
          style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
          onKeyDown={onMenuKey}
        >
          {LABEL_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              role="menuitemradio"
              aria-checked={choice === label}
              tabIndex={-1}
              className="label-menu-item"
              onClick={() => {
                close(true);
                if (choice !== label) onPick(choice);
              }}
            >
              <BadgeFace label={choice} />
              {choice === label && (
                <span className="label-menu-check" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
