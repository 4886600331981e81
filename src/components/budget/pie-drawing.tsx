// The pie chart's drawing with its percentage labels (SPEC 2): each slice is Recharts' `Sector`
// shape in a plain SVG. Recharts' `PieChart` and `Pie` would compute the same angles, but bring
// the whole chart framework (its store, selectors, layers and effects: a 72 KB chunk whose start
// and first render were the longest tasks of Home); the shape alone is about 4 KB. Its own module,
// so it still loads only for a chart with slices, after the page has painted (./pie-chart.tsx).
import { Sector } from 'recharts';
import type { Slice } from '@/domain/spending';

const RADIAN = Math.PI / 180;
/** Room between the disc and the drawing's edge, as the chart had. */
const EDGE = 8;
/** A slice smaller than this share (in percent) has no label: it would not fit inside. */
const LABEL_MIN_PERCENT = 4;
/** Where a slice's label sits, as a fraction of the radius from the centre. */
const LABEL_RADIUS = 0.62;

export interface SliceShape {
  slice: Slice;
  /** Degrees, counter-clockwise from three o'clock, as Recharts counts them. */
  startAngle: number;
  endAngle: number;
}

/** The slices around the disc in their order from three o'clock, each taking its share of 360°. */
export function sliceShapes(slices: readonly Slice[]): SliceShape[] {
  const sum = slices.reduce((total, s) => total + s.value, 0);
  let angle = 0;
  return slices.map((slice) => {
    const startAngle = angle;
    angle += sum > 0 ? (slice.value / sum) * 360 : 0;
    return { slice, startAngle, endAngle: angle };
  });
}

/** The point at `radius` from the centre in the direction of `angle` (degrees, as above). */
export function polarPoint(centre: number, radius: number, angle: number): { x: number; y: number } {
  return { x: centre + radius * Math.cos(-angle * RADIAN), y: centre + radius * Math.sin(-angle * RADIAN) };
}

/** The drawing alone, hidden from assistive technology: the chart's table carries its numbers. */
export function PieDrawing({ slices, size }: { slices: readonly Slice[]; size: number }) {
  const centre = size / 2;
  const radius = centre - EDGE;
  const shapes = sliceShapes(slices);
  const lone = slices.length === 1;
  // Nothing inside takes focus: plain shapes and text, no keyboard layer.
  return (
    <div aria-hidden="true">
      <svg className="pie-drawing" width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
        {shapes.map(({ slice, startAngle, endAngle }) => (
          <Sector
            key={slice.label}
            cx={centre}
            cy={centre}
            innerRadius={0}
            outerRadius={radius}
            startAngle={startAngle}
            endAngle={endAngle}
            fill={slice.color}
            // A lone slice is a full disc: a stroke would draw a seam from its centre.
            stroke={lone ? 'none' : 'var(--bg-card)'}
          />
        ))}
        {/* The percentage inside its slice (outside labels get clipped on a phone); a lone slice's in the middle. */}
        {shapes.map(({ slice, startAngle, endAngle }) => {
          if (slice.percent < LABEL_MIN_PERCENT) return null;
          const { x, y } = polarPoint(centre, lone ? 0 : radius * LABEL_RADIUS, (startAngle + endAngle) / 2);
          return (
            <text
              key={slice.label}
              x={x}
              y={y}
              textAnchor="middle"
              dominantBaseline="central"
              className="pie-label"
            >
              {slice.percent}%
            </text>
          );
        })}
      </svg>
    </div>
  );
}
