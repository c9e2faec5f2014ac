import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { workingHoursRows } from '../../../domain/routing';
import { type TimeRow, type WorkingHours } from '../../../domain';
import { DestinationPlanSelector } from '../selectors/DestinationPlanSelector';
import { EditorBanner } from './EditorStates';
import { DAY_NAMES, pad2, parseClock } from './servicePlanForm';

export interface WorkingHoursDialogProps {
  open: boolean;
  onCancel: () => void;
  /** The rows the working hours give: open hours on the chosen days, closed hours between. */
  onConfirm: (rows: TimeRow[]) => void;
}

const KNOWN = new Set(['days', 'endTime']);

/** The working-hours template: the days open, the hours, and where calls go when open or closed. */
export function WorkingHoursDialog({ open, onCancel, onConfirm }: WorkingHoursDialogProps) {
  if (!open) return null;
  return <WorkingHoursForm onCancel={onCancel} onConfirm={onConfirm} />;
}

function WorkingHoursForm({ onCancel, onConfirm }: Omit<WorkingHoursDialogProps, 'open'>) {
  const startId = useId();
  const endId = useId();
  const [days, setDays] = useState<number[]>([]);
  const [start, setStart] = useState('00:00');
  const [end, setEnd] = useState('23:59');
  const [openRouting, setOpenRouting] = useState(0);
  const [closedRouting, setClosedRouting] = useState(0);
  const [tried, setTried] = useState(false);

  const hours = useMemo((): WorkingHours => {
    const [startHour, startMinute] = parseClock(start) ?? [0, 0];
    const [endHour, endMinute] = parseClock(end) ?? [23, 59];
    return { days, startHour, startMinute, endHour, endMinute, openRouting, closedRouting };
  }, [days, start, end, openRouting, closedRouting]);
  const result = useMemo(() => workingHoursRows(hours), [hours]);
  const errors = tried && !result.ok ? result.errors : {};
  const others = Object.entries(errors)
    .filter(([key]) => !KNOWN.has(key))
    .map(([, message]) => message);

  function apply() {
    setTried(true);
    if (result.ok) onConfirm(result.rows);
  }

  function toggleDay(day: number, on: boolean) {
    setDays((current) => (on ? [...current.filter((d) => d !== day), day].sort((a, b) => a - b) : current.filter((d) => d !== day)));
  }

  return (
    <Dialog
      open
      title="Working hours"
      onClose={onCancel}
      onSubmit={apply}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button-primary">
            Apply
          </button>
        </>
      }
    >
      <EditorBanner messages={others} />
      <fieldset
        className={`field-group working-days${errors.days ? ' field-invalid' : ''}`}
        aria-describedby={errors.days ? `${startId}-days` : undefined}
      >
        <legend>Open on</legend>
        {DAY_NAMES.map((name, i) => (
          <label key={name} className="working-day">
            <input
              type="checkbox"
              checked={days.includes(i + 1)}
              aria-invalid={errors.days ? true : undefined}
              onChange={(event) => toggleDay(i + 1, event.target.checked)}
            />
            {name}
          </label>
        ))}
        {errors.days && (
          <p id={`${startId}-days`} className="field-error">
            {errors.days}
          </p>
        )}
      </fieldset>
      <div className="form-columns">
        <div className="field">
          <label htmlFor={startId}>Start time</label>
          <input id={startId} type="time" value={start} onChange={(event) => setStart(event.target.value)} />
        </div>
        <div className={`field${errors.endTime ? ' field-invalid' : ''}`}>
          <label htmlFor={endId}>End time</label>
          <input
            id={endId}
            type="time"
            value={end}
            aria-invalid={errors.endTime ? true : undefined}
            aria-describedby={errors.endTime ? `${endId}-error` : undefined}
            onChange={(event) => setEnd(event.target.value)}
          />
          {errors.endTime && (
            <p id={`${endId}-error`} className="field-error">
              {errors.endTime}
            </p>
          )}
        </div>
      </div>
      <p className="field-hint">
        Open {pad2(hours.startHour)}:{pad2(hours.startMinute)} to {pad2(hours.endHour)}:{pad2(hours.endMinute)} on the
        chosen days; closed the rest of the week.
      </p>
      <DestinationPlanSelector label="Destination plan for open hours" value={openRouting} onChange={setOpenRouting} />
      <DestinationPlanSelector label="Destination plan for closed hours" value={closedRouting} onChange={setClosedRouting} />
    </Dialog>
  );
}
