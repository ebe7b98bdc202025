import { useId } from 'react';
import { Text } from '@mantine/core';

export interface TrendPoint {
  /** ISO date-time. */
  at: string;
  values: number[];
}

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 36, right: 10, top: 10, bottom: 22 };
const COLORS = ['var(--mantine-color-blue-7)', 'var(--mantine-color-teal-7)'];

/**
 * A vital's values over time as a small SVG line chart (no chart library): one line per value (a blood
 * pressure has two). The chart is an image with a text summary; the readings table beside it carries the data.
 */
export function TrendChart({
  points,
  label,
  summary,
  formatDate,
}: {
  points: TrendPoint[];
  label: string;
  summary: string;
  formatDate: (iso: string) => string;
}) {
  const titleId = useId();
  const sorted = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (sorted.length === 0) return null;
  const all = sorted.flatMap((p) => p.values);
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min || 1;
  const low = min - span * 0.1;
  const high = max + span * 0.1;
  const first = Date.parse(sorted[0]!.at);
  const last = Date.parse(sorted.at(-1)!.at);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (at: string) =>
    PAD.left + (last === first ? plotW / 2 : ((Date.parse(at) - first) / (last - first)) * plotW);
  const y = (v: number) => PAD.top + plotH - ((v - low) / (high - low)) * plotH;
  const series = Math.max(...sorted.map((p) => p.values.length));
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: 560, display: 'block' }}
        data-testid="vital-trend"
      >
        <title id={titleId}>{`${label}: ${summary}`}</title>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
          stroke="#adb5bd"
        />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotH} stroke="#adb5bd" />
        {[max, min].map((v) => (
          <text key={v} x={PAD.left - 4} y={y(v) + 4} fontSize="10" textAnchor="end" fill="#495057">
            {Math.round(v * 10) / 10}
          </text>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} fontSize="10" fill="#495057">
          {formatDate(sorted[0]!.at)}
        </text>
        {sorted.length > 1 ? (
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize="10" textAnchor="end" fill="#495057">
            {formatDate(sorted.at(-1)!.at)}
          </text>
        ) : null}
        {Array.from({ length: series }, (_, s) => {
          const line = sorted.filter((p) => p.values[s] !== undefined);
          return (
            <g key={s} stroke={COLORS[s % COLORS.length]} fill={COLORS[s % COLORS.length]}>
              <polyline
                fill="none"
                strokeWidth="2"
                points={line.map((p) => `${x(p.at)},${y(p.values[s]!)}`).join(' ')}
              />
              {line.map((p) => (
                <circle key={p.at} cx={x(p.at)} cy={y(p.values[s]!)} r="3" />
              ))}
            </g>
          );
        })}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed">
        {summary}
      </Text>
    </figure>
  );
}
