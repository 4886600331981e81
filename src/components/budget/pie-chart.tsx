// SPEC 2 pie chart: percentage labels, a legend, 'No data available'; its numbers are also a
// visually hidden table for screen readers. It only renders slices computed in domain/spending.
// The drawing (Recharts' sector shape, about 4 KB compressed; the whole chart framework was 72 KB,
// and its start and first draw were the longest tasks of Home) loads only when there are slices to
// draw, after the page has been shown (issue 33). Until then its place is held at the drawing's
// size, so nothing moves when it arrives; the legend (plain HTML: Recharts' own measured itself, a
// forced layout and a second render) and the table are there from the start.
import { Suspense, lazy, useEffect, useState } from 'react';
import { formatMoney } from '@/domain/format';
import type { Slice } from '@/domain/spending';
import { afterContentShown } from '@/lib/after-paint';
import './budget-widgets.css';

export interface PieChartProps {
  slices: readonly Slice[];
  /** Width and height in px: 200 by default, 280 on Home (SPEC 9). */
  size?: number;
  /** Names the chart and its text table. */
  title: string;
}

let drawingArrived = false;
const PieDrawing = lazy(() =>
  import('./pie-drawing').then((m) => {
    drawingArrived = true;
    return { default: m.PieDrawing };
  }),
);

/**
 * False until the page the chart was committed with has been shown (`afterContentShown`): counted
 * from the commit, not from the render, since React may render a page over several frames before
 * committing it. A drawing that has arrived once is used at once.
 */
function usePageShown(): boolean {
  const [shown, setShown] = useState(drawingArrived);
  useEffect(() => (shown ? undefined : afterContentShown(() => setShown(true))), [shown]);
  return shown;
}

export function PieChart({ slices, size = 200, title }: PieChartProps) {
  const shown = usePageShown();
  if (slices.length === 0) {
    return (
      <div className="pie-empty" style={{ minHeight: size, width: size }}>
        <p>No data available</p>
      </div>
    );
  }
  const place = <div className="pie-place" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <figure className="pie-chart">
      {shown ? (
        <Suspense fallback={place}>
          <PieDrawing slices={slices} size={size} />
        </Suspense>
      ) : (
        place
      )}
      {/* Each group's colour and name; the table below carries the numbers for assistive technology. */}
      <ul className="pie-legend" aria-hidden="true">
        {slices.map((s) => (
          <li key={s.label}>
            <span className="pie-swatch" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Amount</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {slices.map((s) => (
            <tr key={s.label}>
              <th scope="row">{s.label}</th>
              <td>{formatMoney(s.value)}</td>
              <td>{s.percent}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
