import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TableScroll } from '../../../components/TableScroll';

/** One colour per series, each 3:1 against white (WCAG non-text contrast); the last is "Other". */
export const COLOURS = ['#00796b', '#b45309', '#5e35b1', '#1565c0', '#ad1457', '#2e7d32', '#616161'];

export interface ChartSeries {
  label: string;
  values: number[];
  colour: string;
}

const HEIGHT = 240;
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

/** Each series stacked on those before it: the height of its bar's top each day. */
export function stackTops(series: { values: number[] }[]): number[][] {
  const tops: number[][] = [];
  series.forEach((s, i) => tops.push(s.values.map((value, day) => value + (i > 0 ? (tops[i - 1][day] ?? 0) : 0))));
  return tops;
}

/**
 * A bar each (a day, a week or a month, as `bars` names them), the series stacked (uPlot, drawn
 * on a canvas). The picture is named by `label`; the page shows the same figures in a table
 * beside it.
 */
export function StackedBarChart({ label, bars: days, series }: { label: string; bars: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || series.length === 0) return;
    const tops = stackTops(series);
    // The tallest first, so that each lower part of the stack is painted over it.
    const order = series.map((_, i) => series.length - 1 - i);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const width = () => Math.max(320, element.clientWidth || 640);
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, days.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          { incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((t) => days[t] ?? '') },
          { incrs: COUNT_STEPS, size: 48 },
        ],
        series: [
          {},
          ...order.map((i) => ({
            label: series[i].label,
            fill: series[i].colour,
            stroke: series[i].colour,
            width: 0,
            paths: bars,
            points: { show: false },
          })),
        ],
      },
      [days.map((_, i) => i), ...order.map((i) => tops[i])],
      element,
    );
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return (
    <figure className="dashboard-chart">
      <div ref={box} className="dashboard-chart-canvas" role="img" aria-label={label} />
      <figcaption className="bar-chart-legend">
        {series.map((s) => (
          <span key={s.label}>
            <span className="bar-chart-swatch" style={{ background: s.colour }} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** The figures of a chart as a table: a row a bar (`bar` names them: Day, Week, Month), a column a series. */
export function ChartTable({
  caption,
  bar,
  bars: days,
  series,
}: {
  caption: string;
  bar: string;
  bars: string[];
  series: ChartSeries[];
}) {
  return (
    <details className="dashboard-chart-table">
      <summary>{`${caption} as a table`}</summary>
      <TableScroll label={caption} className="data-table">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{bar}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
