import { useId } from 'react';

export type ChartPoint = { start: string; value: number };

/** A round top for the axis, at or above `max`: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

const colors = {
  primary: 'text-primary',
  secondary: 'text-secondary',
  accent: 'text-accent',
  error: 'text-error',
  success: 'text-success',
} as const;

/**
 * One series over time, drawn as inline SVG with no chart library: bars for what moved
 * in each day or week, a line for a balance. Its title names it; the amounts at the top
 * and bottom of the axis and the first, middle and last dates label it; screen readers
 * get the title and a one-sentence summary (the page's table has every number).
 */
export function MoneyChart({
  title,
  hint,
  summary,
  points,
  kind,
  color,
  formatValue,
  formatDate,
}: {
  title: string;
  hint: string;
  summary: string;
  points: ChartPoint[];
  kind: 'bars' | 'line';
  color: keyof typeof colors;
  formatValue: (value: number) => string;
  formatDate: (start: string) => string;
}) {
  const ids = useId();
  const highest = Math.max(0, ...points.map((point) => point.value));
  const empty = highest === 0;
  const top = niceCeiling(highest);
  const width = Math.max(points.length, 1) * 10;
  const y = (value: number) => 100 - (Math.max(0, value) / top) * 100;
  const middle = points[Math.floor((points.length - 1) / 2)];
  const first = points[0];
  const last = points.at(-1);

  return (
    <figure className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4">
      <figcaption>
        <span id={`${ids}-title`} className="block font-semibold">
          {title}
        </span>
        <span className="block text-sm text-base-content/70">{hint}</span>
      </figcaption>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div
          className="flex h-32 flex-col justify-between text-right text-xs text-base-content/70 tabular-nums"
          aria-hidden="true"
        >
          {/* Nothing to scale when every point is zero: the axis shows $0 alone. */}
          <span className="-mt-1.5">{empty ? '' : formatValue(top)}</span>
          <span>{empty ? '' : formatValue(top / 2)}</span>
          <span className="-mb-1.5">{formatValue(0)}</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${ids}-title`}
          aria-describedby={`${ids}-summary`}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className={`h-32 w-full overflow-visible ${colors[color]}`}
        >
          {[0, 50, 100].map((line) => (
            <line
              key={line}
              x1={0}
              x2={width}
              y1={line}
              y2={line}
              className="stroke-base-content/15"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {kind === 'bars' ? (
            points.map((point, index) => (
              <rect
                key={point.start}
                x={index * 10 + 1.5}
                width={7}
                y={y(point.value)}
                height={100 - y(point.value)}
                fill="currentColor"
              />
            ))
          ) : (
            <>
              <polygon
                points={`0,100 ${points
                  .map((point, index) => `${index * 10 + 5},${y(point.value)}`)
                  .join(' ')} ${width},100`}
                fill="currentColor"
                fillOpacity={0.15}
              />
              <polyline
                points={points
                  .map((point, index) => `${index * 10 + 5},${y(point.value)}`)
                  .join(' ')}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
            </>
          )}
        </svg>
        <span aria-hidden="true" />
        <div
          className="mt-1 flex justify-between gap-2 text-xs text-base-content/70"
          aria-hidden="true"
        >
          <span>{first ? formatDate(first.start) : ''}</span>
          {points.length > 2 && middle && <span>{formatDate(middle.start)}</span>}
          <span>{last && points.length > 1 ? formatDate(last.start) : ''}</span>
        </div>
      </div>
      <p id={`${ids}-summary`} className="sr-only">
        {summary}
      </p>
    </figure>
  );
}
