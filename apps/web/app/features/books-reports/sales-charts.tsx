import { useSyncExternalStore } from 'react';
import { Bar, BarChart, LabelList, Legend, XAxis, YAxis } from 'recharts';

/**
 * The sales report's charts (docs/decisions/031), drawn with recharts. This module is loaded only by
 * /restaurant/ventes, after hydration (sales-report-page.tsx imports it lazily): recharts measures its
 * box in the browser, and no other page's first load carries it. Each chart is drawn inside the page's
 * `role="img"` box, whose aria-label says its figures; the tables beside them give the exact values.
 * Texts (labels, legends, figures) come formatted from the page: no text is written here.
 */

/** One horizontal bar: its label (a means of payment, a channel, a rate, a dish), its values in `series`' order, and the figure written at its end. */
export interface ChartRow {
  label: string;
  values: readonly number[];
  figure: string;
}

/** The series' colours, in order: the brand's (app.css, its value when the variable is missing), then a pale one. */
const palette = ['var(--color-brand-600, #a8441d)', '#e9b48f'] as const;

const tick = { fontSize: 12, fill: 'rgb(28 25 23 / 0.7)' };
const figureTick = { fontSize: 12, fill: 'rgb(28 25 23)', fontWeight: 600, textAnchor: 'end' } as const;
/** About a figure's character width at 12 px semibold, in px: the figures' column is the longest one's width. */
const charPx = 7.5;
/** The value axis starts at zero, or lower when a figure is negative (more refunded than cashed). */
const fromZero = (min: number) => Math.min(0, min);
/** Longest label shown on the axis, in characters, on a phone and from 640 px on; longer ones end in "…" (the table below says them whole). */
const maxLabelChars = { narrow: 16, wide: 34 };
const wideScreen = '(min-width: 640px)';

// Recharts' option values, named once (the catalogue's lint reads props' literals as texts).
const horizontal = 'vertical';
const category = 'category';
const numeric = 'number';
const rightSide = 'right';
const figuresAxis = 'figures';
const aboveBar = 'top';
const stack = 'stack';
const figureKey = 'figure';
const hourKey = 'hour';
const ordersKey = 'orders';
const labelKey = 'label';
const topOfChart = 'top';
const fitLabels = 'auto';
/** Hours' labels: every one when they fit, else some skipped (the first and last kept), never overlapping. */
const hoursThatFit = 'preserveStart';

/** The data's key of a row's `i`-th value. */
const valueKey = (i: number) => `v${i}`;

const shortLabel = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label);

/** Whether the screen is 640 px wide or more, following its changes (the browser's only: this module never runs on the server). */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(wideScreen);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(wideScreen).matches,
  );
}

/** The legend's texts in the page's ink (recharts writes them in their series' colour, too pale for the light one). */
const legendText = (value: string) => <span style={{ color: 'rgb(28 25 23 / 0.8)' }}>{value}</span>;

/**
 * Horizontal bars, one row each (`rows`, in order), stacked when a row has several values, one
 * `series` legend each (shown when there are two or more); the row's `figure` is written at its end.
 * `height` in px (the page keeps the box that high before the chart is drawn); its width is the box's.
 */
export function RowsChart({ rows, series, height }: { rows: readonly ChartRow[]; series: readonly string[]; height: number }) {
  const maxChars = useWideScreen() ? maxLabelChars.wide : maxLabelChars.narrow;
  const data = rows.map((row) => ({
    label: shortLabel(row.label, maxChars),
    figure: row.figure,
    ...Object.fromEntries(row.values.map((v, i) => [valueKey(i), v])),
  }));
  const legend = series.length > 1;
  // Right-aligned figures: the column is as wide as the longest, and each ends at its right edge.
  const figuresWidth = Math.ceil(Math.max(...rows.map((row) => row.figure.length), 1) * charPx) + 12;
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      layout={horizontal}
      data={data}
      style={{ width: '100%', height }}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      barCategoryGap={8}
    >
      <XAxis type={numeric} hide domain={[fromZero, 'dataMax']} />
      <YAxis type={category} dataKey={labelKey} width={fitLabels} tick={tick} tickLine={false} axisLine={false} interval={0} />
      {/* The figures, one a row at the right, a zero's too (recharts labels no bar of zero width). */}
      <YAxis
        yAxisId={figuresAxis}
        orientation={rightSide}
        type={category}
        dataKey={figureKey}
        width={figuresWidth}
        tick={{ ...figureTick, dx: figuresWidth - 12 }}
        tickLine={false}
        axisLine={false}
        interval={0}
      />
      {legend ? <Legend verticalAlign={topOfChart} height={24} iconSize={10} wrapperStyle={{ fontSize: 12 }} formatter={legendText} /> : null}
      {series.map((legendOf, i) => (
        <Bar
          key={legendOf}
          dataKey={valueKey(i)}
          name={legendOf}
          stackId={series.length > 1 ? stack : undefined}
          fill={palette[i % palette.length]}
          isAnimationActive={false}
          radius={i === series.length - 1 ? [0, 4, 4, 0] : 0}
        />
      ))}
    </BarChart>
  );
}

/**
 * Orders per hour: one column an hour (`hours`, in order), its count above it when not zero;
 * `hourLabel` writes the axis' hours; `height` in px.
 */
export function HoursChart({ hours, hourLabel, height }: { hours: readonly { h: number; n: number }[]; hourLabel: (h: number) => string; height: number }) {
  const data = hours.map(({ h, n }) => ({ hour: h, orders: n }));
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: '100%', height }}
      margin={{ top: 18, right: 4, bottom: 0, left: 4 }}
      barCategoryGap={3}
    >
      <XAxis dataKey={hourKey} tickFormatter={hourLabel} tick={tick} tickLine={false} interval={hoursThatFit} minTickGap={4} />
      <YAxis hide allowDecimals={false} domain={[0, 'dataMax']} />
      <Bar dataKey={ordersKey} fill={palette[0]} isAnimationActive={false} radius={[3, 3, 0, 0]}>
        <LabelList dataKey={ordersKey} position={aboveBar} formatter={(n) => (n ? String(n) : '')} style={{ fontSize: 12, fill: 'rgb(28 25 23 / 0.8)' }} />
      </Bar>
    </BarChart>
  );
}
