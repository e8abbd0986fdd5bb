// Draws a chart whose geometry the server computed (app/domain/insights/
// charts.server.ts, d3-scale and d3-shape): plain SVG, readable without
// JavaScript; the table beside it carries the same figures.
import type { BarChart, LineChart } from "~/domain/insights/charts.server";

const SERIES_CLASS = ["insights-series--a", "insights-series--b", "insights-series--c"];

export function Chart({ chart, title, legend }: { chart: LineChart | BarChart | null; title: string; legend?: string[] }) {
  if (!chart) return null;
  const { plot } = chart;
  return (
    <figure className="insights-chart">
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={title} width="100%">
        <title>{title}</title>
        <g className="insights-axis">
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
          {chart.xTicks.map((tick) => (
            <text key={`x${tick.at}`} x={tick.at} y={plot.bottom + 16} textAnchor="middle">
              {tick.label}
            </text>
          ))}
          {chart.kind === "line"
            ? chart.yTicks.map((tick) => (
                <g key={`y${tick.at}`}>
                  <line className="insights-grid" x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} />
                  <text x={plot.left - 6} y={tick.at + 4} textAnchor="end">
                    {tick.label}
                  </text>
                </g>
              ))
            : null}
        </g>
        {chart.kind === "line"
          ? chart.series.map((series, i) => (
              <g key={series.key} className={`insights-series ${SERIES_CLASS[i % SERIES_CLASS.length]}`}>
                <path d={series.d} fill="none" />
                {series.points.length <= 120
                  ? series.points.map((p) => (
                      <circle key={`${p.x},${p.y}`} cx={p.x} cy={p.y} r={2.5}>
                        <title>{`${legend?.[i] ?? series.key} ${p.label}`}</title>
                      </circle>
                    ))
                  : null}
              </g>
            ))
          : chart.bars.map((bar, i) => (
              <g key={`${i}-${bar.label}`} className="insights-series insights-series--a">
                <text x={plot.left - 6} y={bar.y + bar.height / 2 + 4} textAnchor="end" className="insights-bar-label">
                  {bar.label.length > 30 ? `${bar.label.slice(0, 29)}…` : bar.label}
                </text>
                <rect x={bar.x} y={bar.y} width={Math.max(bar.width, 1)} height={bar.height}>
                  <title>{`${bar.label}: ${bar.value}`}</title>
                </rect>
              </g>
            ))}
      </svg>
      {legend && chart.kind === "line" ? (
        <figcaption className="insights-legend">
          {legend.map((name, i) => (
            <span key={name} className={`insights-series ${SERIES_CLASS[i % SERIES_CLASS.length]}`}>
              <svg width="16" height="8" aria-hidden="true">
                <line x1="0" x2="16" y1="4" y2="4" />
              </svg>{" "}
              {name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}
