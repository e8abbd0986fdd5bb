// Chart geometry for the insights dashboard, computed on the server with
// d3-scale and d3-shape: the page receives finished SVG path strings, bar
// rectangles and tick positions, so the charts read without JavaScript and
// d3 never reaches the browser (docs/decisions/701-insights.md).
import { scaleBand, scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";

export type Tick = { at: number; label: string };
export type LineSeries = { key: string; d: string; points: Array<{ x: number; y: number; label: string }> };
export type LineChart = { kind: "line"; width: number; height: number; plot: Box; xTicks: Tick[]; yTicks: Tick[]; series: LineSeries[] };
export type Bar = { label: string; value: number; x: number; y: number; width: number; height: number };
export type BarChart = { kind: "bar"; width: number; height: number; plot: Box; xTicks: Tick[]; bars: Bar[] };
type Box = { left: number; top: number; right: number; bottom: number };

const WIDTH = 640;
const MARGIN = { left: 56, top: 12, right: 16, bottom: 28 };
const dayDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ""));

/** Lines over days: one path per series (null values break the line). */
export function lineChart(days: string[], series: Array<{ key: string; values: Array<number | null> }>, height = 220): LineChart | null {
  if (days.length === 0) return null;
  const plot = { left: MARGIN.left, top: MARGIN.top, right: WIDTH - MARGIN.right, bottom: height - MARGIN.bottom };
  const dates = days.map(dayDate);
  const first = dates[0];
  const last = dates.length > 1 ? dates[dates.length - 1] : new Date(first.getTime() + 86_400_000);
  const x = scaleUtc().domain([first, last]).range([plot.left, plot.right]);
  const max = Math.max(1, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const y = scaleLinear().domain([0, max]).nice().range([plot.bottom, plot.top]);
  const draw = line<{ at: Date; value: number | null }>()
    .defined((p) => p.value !== null)
    .x((p) => x(p.at))
    .y((p) => y(p.value ?? 0));
  return {
    kind: "line",
    width: WIDTH,
    height,
    plot,
    xTicks: x.ticks(6).map((t) => ({ at: x(t), label: t.toISOString().slice(5, 10) })),
    yTicks: y.ticks(5).map((t) => ({ at: y(t), label: number(t) })),
    series: series.map((s) => {
      const points = s.values.map((value, i) => ({ at: dates[i], value }));
      return {
        key: s.key,
        d: draw(points) ?? "",
        points: points
          .filter((p) => p.value !== null)
          .map((p) => ({ x: x(p.at), y: y(p.value!), label: `${p.at.toISOString().slice(0, 10)}: ${number(p.value!)}` })),
      };
    }),
  };
}

/** Horizontal bars, one per labelled value, longest first as given. */
export function barChart(items: Array<{ label: string; value: number }>): BarChart | null {
  if (items.length === 0) return null;
  const rowHeight = 22;
  const left = 200;
  const height = MARGIN.top + MARGIN.bottom + rowHeight * items.length;
  const plot = { left, top: MARGIN.top, right: WIDTH - MARGIN.right, bottom: height - MARGIN.bottom };
  const y = scaleBand<number>()
    .domain(items.map((_, i) => i))
    .range([plot.top, plot.bottom])
    .padding(0.2);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...items.map((i) => i.value))])
    .nice()
    .range([plot.left, plot.right]);
  return {
    kind: "bar",
    width: WIDTH,
    height,
    plot,
    xTicks: x
      .ticks(5)
      .filter(Number.isInteger)
      .map((t) => ({ at: x(t), label: number(t) })),
    bars: items.map((item, i) => ({
      label: item.label,
      value: item.value,
      x: plot.left,
      y: y(i)!,
      width: x(item.value) - plot.left,
      height: y.bandwidth(),
    })),
  };
}
