/** One bar colour per series; each passes 3:1 against white (WCAG non-text contrast). */
const SERIES_COLOURS = ['#00796b', '#b45309', '#5e35b1'];

export interface BarSeries {
  label: string;
  values: number[];
  /** How a value reads in its bar's tooltip (default: the number). */
  format?: (value: number) => string;
}

const HEIGHT = 160;
const BAR = 14;
const GAP = 10;
/** Room under each group for a short category label such as 'Oct 26'. */
const MIN_GROUP_WIDTH = 36;

/**
 * A small grouped bar chart: one group per category, one bar per series, with a legend. The
 * chart is a picture (role img, named by `label`); pages show the same figures in a table.
 */
export function BarChart({ label, categories, series }: { label: string; categories: string[]; series: BarSeries[] }) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const groupWidth = Math.max(series.length * BAR + GAP, MIN_GROUP_WIDTH);
  const width = Math.max(1, categories.length * groupWidth);
  // Bars centred in their group, so that the label under them stays inside the chart.
  const inset = (groupWidth - series.length * BAR) / 2;
  return (
    <figure className="bar-chart">
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT + 34}`} width="100%" preserveAspectRatio="xMinYMin meet">
        {categories.map((category, i) => (
          <g key={category} transform={`translate(${i * groupWidth}, 0)`}>
            {series.map((s, j) => {
              const height = Math.round(((s.values[i] ?? 0) / max) * HEIGHT);
              return (
                <rect
                  key={s.label}
                  x={inset + j * BAR}
                  y={HEIGHT - height}
                  width={BAR - 2}
                  height={height}
                  fill={SERIES_COLOURS[j % SERIES_COLOURS.length]}
                >
                  <title>{`${category}: ${s.format ? s.format(s.values[i] ?? 0) : s.values[i] ?? 0} ${s.label.toLowerCase()}`}</title>
                </rect>
              );
            })}
            <text x={groupWidth / 2} y={HEIGHT + 14} textAnchor="middle" fontSize="10" fill="#424242">
              {category}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="bar-chart-legend">
        {series.map((s, j) => (
          <span key={s.label}>
            <span className="bar-chart-swatch" style={{ background: SERIES_COLOURS[j % SERIES_COLOURS.length] }} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
