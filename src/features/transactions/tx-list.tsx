// The full list, grouped under day headings and windowed: however many transactions there are,
// only the rows near the viewport are in the page. Rows and headings have fixed heights (in rem,
// so larger text keeps them whole), which makes every position a sum, not a measurement.
import { useMemo, useRef, useState } from 'react';
import { dayHeading, type DayGroup } from '@/domain/transaction-view';
import { offsetsOf } from '@/components/virtual/window';
import { useWindowRange } from '@/components/virtual/use-window-range';
import type { Transaction } from '@/bank/api';
import type { LabelChoice } from './label-menu';
import { TxRow } from './tx-row';

const ROW_REM = 5.5;
const HEADING_REM = 2.75;

interface Props {
  groups: DayGroup<Transaction>[];
  /** YYYY-MM-DD today, for 'Today' and 'Yesterday'. */
  today: string;
  accountNames: ReadonlyMap<string, string>;
  selected: ReadonlySet<string>;
  label: string;
  onToggle: (plaidId: string) => void;
  onPick: (t: Transaction, label: LabelChoice) => void;
}

type Item = { kind: 'day'; group: number } | { kind: 'row'; group: number; t: Transaction };

export function TxList({ groups, today, accountNames, selected, label, onToggle, onPick }: Props) {
  const [rem] = useState(() => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
  const rowPx = ROW_REM * rem;
  const headPx = HEADING_REM * rem;
  const { items, offsets, headingAt } = useMemo(() => {
    const list: Item[] = [];
    const heights: number[] = [];
    const headings: number[] = [];
    groups.forEach((g, group) => {
      headings.push(list.length);
      list.push({ kind: 'day', group });
      heights.push(headPx);
      for (const t of g.rows) {
        list.push({ kind: 'row', group, t });
        heights.push(rowPx);
      }
    });
    return { items: list, offsets: offsetsOf(heights), headingAt: headings };
  }, [groups, rowPx, headPx]);
  const box = useRef<HTMLDivElement>(null);
  const range = useWindowRange(box, offsets);
  const end = Math.min(range.end, items.length);

  // The groups that have a visible item, each with its heading (kept even when scrolled past, so
  // its rows stay labelled) and its visible rows.
  const shown: { group: number; rows: number[] }[] = [];
  for (let i = range.start; i < end; i++) {
    const item = items[i];
    const last = shown[shown.length - 1];
    if (!last || last.group !== item.group) shown.push({ group: item.group, rows: [] });
    if (item.kind === 'row') shown[shown.length - 1].rows.push(i);
  }

  return (
    <div
      ref={box}
      className="txv-list"
      style={{ height: offsets[offsets.length - 1] }}
      aria-label={label}
      role="group"
    >
      {shown.map(({ group, rows }) => {
        const g = groups[group];
        const headingId = `day-${g.day}`;
        const h = headingAt[group];
        return (
          <div key={g.day} role="group" aria-labelledby={headingId}>
            <h3 id={headingId} className="txv-day" style={{ top: offsets[h], height: headPx }}>
              {dayHeading(g.day, today)}
              <span className="txv-day-count">
                {g.rows.length} {g.rows.length === 1 ? 'transaction' : 'transactions'}
              </span>
            </h3>
            <ul className="txv-rows" aria-labelledby={headingId}>
              {rows.map((i) => {
                const t = (items[i] as Extract<Item, { kind: 'row' }>).t;
                return (
                  <TxRow
                    key={t.plaidId}
                    t={t}
                    account={(t.account_id && accountNames.get(t.account_id)) || null}
                    selected={selected.has(t.plaidId)}
                    top={offsets[i]}
                    height={rowPx}
                    onToggle={onToggle}
                    onPick={onPick}
                  />
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
