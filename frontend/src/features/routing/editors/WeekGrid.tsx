import { useId, useMemo } from 'react';
import { weekGrid } from '../../../domain/routing';
import { type TimeRow } from '../../../domain';
import { clock, dayName } from './servicePlanForm';

const MINUTES_PER_DAY = 1440;
const ROW_COLOURS = 8;

function rowsText(rows: number[]): string {
  if (rows.length === 0) return 'no row';
  const numbers = rows.map((row) => row + 1);
  return numbers.length === 1 ? `row ${numbers[0]}` : `rows ${numbers.join(' and ')}`;
}

/**
 * The week at a glance: one bar a day with a coloured segment per row (labelled by row number),
 * the gaps no row covers and the overlaps more than one row covers, listed in words.
 */
export function WeekGrid({ rows }: { rows: TimeRow[] }) {
  const headingId = useId();
  const grid = useMemo(() => weekGrid(rows), [rows]);
  const clean = grid.gaps.length === 0 && grid.overlaps.length === 0;

  return (
    <section className="week-grid" aria-labelledby={headingId}>
      <h3 id={headingId}>The week</h3>
      <div className="week-grid-days">
        {grid.days.map(({ day, segments }) => {
          const description = segments
            .map((segment) => `${clock(segment.from)} to ${clock(segment.to)} ${rowsText(segment.rows)}`)
            .join('; ');
          return (
            <div className="week-grid-day" key={day}>
              <span className="week-grid-name" aria-hidden="true">
                {dayName(day).slice(0, 3)}
              </span>
              <div className="week-grid-bar" role="img" aria-label={`${dayName(day)}: ${description || 'no row'}`}>
                {segments.map((segment) => {
                  const kind =
                    segment.rows.length === 0
                      ? ' week-grid-gap'
                      : segment.rows.length > 1
                        ? ' week-grid-overlap'
                        : ` week-grid-row-${segment.rows[0] % ROW_COLOURS}`;
                  return (
                    <span
                      key={segment.from}
                      className={`week-grid-segment${kind}`}
                      style={{
                        left: `${(segment.from / MINUTES_PER_DAY) * 100}%`,
                        width: `${((segment.to - segment.from + 1) / MINUTES_PER_DAY) * 100}%`,
                      }}
                      title={`${dayName(day)} ${clock(segment.from)} to ${clock(segment.to)}: ${rowsText(segment.rows)}`}
                    >
                      {segment.rows.map((row) => row + 1).join('+')}
                    </span>
                  );
                })}
              </div>
            </div>
          );
        })}
        <div className="week-grid-axis" aria-hidden="true">
          <span>00:00</span>
          <span>06:00</span>
          <span>12:00</span>
          <span>18:00</span>
          <span>23:59</span>
        </div>
      </div>
      {clean ? (
        <p className="week-grid-clean">No gaps or overlaps: every minute of the week goes to exactly one row.</p>
      ) : (
        <ul className="week-grid-problems" aria-label="Gaps and overlaps">
          {grid.gaps.map((gap) => (
            <li key={`gap-${gap.fromDay}-${gap.fromTime}`}>Gap: {gap.text}</li>
          ))}
          {grid.overlaps.map((overlap) => (
            <li key={`overlap-${overlap.fromDay}-${overlap.fromTime}`}>Overlap: {overlap.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
