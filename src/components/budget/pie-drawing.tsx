// The pie chart's drawing with its percentage labels (SPEC 2), drawn by Recharts. Its own module,
// so Recharts loads only for a chart with slices, after the page has painted (./pie-chart.tsx).
import { Cell, Pie, PieChart as RePieChart } from 'recharts';
import type { Slice } from '@/domain/spending';

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

/** The drawing alone, hidden from assistive technology: the chart's table carries its numbers. */
export function PieDrawing({ slices, size }: { slices: readonly Slice[]; size: number }) {
  // Nothing inside may take focus: Recharts' keyboard layer and the pie's tab stop are off.
  return (
    <div aria-hidden="true">
      <RePieChart width={size} height={size} accessibilityLayer={false}>
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
      </RePieChart>
    </div>
  );
}
