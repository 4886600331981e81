// SPEC 2 pie chart: percentage labels, a legend, 'No data available'; its numbers are also a
// visually hidden table for screen readers. It only renders slices computed in domain/spending.
import { Cell, Legend, Pie, PieChart as RePieChart } from 'recharts';
import { formatMoney } from '@/domain/format';
import type { Slice } from '@/domain/spending';
import './budget-widgets.css';

export interface PieChartProps {
  slices: readonly Slice[];
  /** Width and height in px: 200 by default, 280 on Home (SPEC 9). */
  size?: number;
  /** Names the chart and its text table. */
  title: string;
}

interface LabelProps {
  cx?: number;
  cy?: number;
  midAngle?: number;
  outerRadius?: number;
  payload?: Slice;
}

const RADIAN = Math.PI / 180;

/** The percentage inside its slice (outside labels get clipped on a phone); a lone slice's in the middle. */
function SliceLabel({
  cx = 0,
  cy = 0,
  midAngle = 0,
  outerRadius = 0,
  payload,
  lone,
}: LabelProps & { lone: boolean }) {
  if (!payload || payload.percent < 4) return null;
  const r = lone ? 0 : outerRadius * 0.62;
  const x = cx + r * Math.cos(-midAngle * RADIAN);
  const y = cy + r * Math.sin(-midAngle * RADIAN);
  return (
    <text x={x} y={y} textAnchor="middle" dominantBaseline="central" className="pie-label">
      {payload.percent}%
    </text>
  );
}

export function PieChart({ slices, size = 200, title }: PieChartProps) {
  if (slices.length === 0) {
    return (
      <div className="pie-empty" style={{ minHeight: size, width: size }}>
        <p>No data available</p>
      </div>
    );
  }
  return (
    <figure className="pie-chart">
      {/* The drawing is hidden from assistive technology (the table below carries its numbers), so
          nothing inside it may take focus: Recharts' keyboard layer and the pie's tab stop are off. */}
      <div aria-hidden="true">
        <RePieChart width={size} height={size + 48} accessibilityLayer={false}>
          <Pie
            data={slices.map((s) => ({ ...s }))}
            dataKey="value"
            nameKey="label"
            cx="50%"
            cy={size / 2}
            outerRadius={size / 2 - 8}
            isAnimationActive={false}
            label={(p: LabelProps) => <SliceLabel {...p} lone={slices.length === 1} />}
            labelLine={false}
            rootTabIndex={-1}
          >
            {slices.map((s) => (
              // A lone slice is a full disc: a stroke would draw a seam from its centre.
              <Cell key={s.label} fill={s.color} stroke={slices.length > 1 ? 'var(--bg-card)' : 'none'} />
            ))}
          </Pie>
          <Legend verticalAlign="bottom" height={40} />
        </RePieChart>
      </div>
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
