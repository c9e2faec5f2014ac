import { useId, useMemo, useState } from 'react';
import { defaultTimeRow, setRowType } from '../../../domain/routing';
import { followCall } from '../../../domain/ivr';
import { type CallEnd, type CallPath, type CallStep, type IvrLibrary, type TimeRow } from '../../../domain';
import { now } from '../../../lib/clock';
import { useAccount } from '../../../lib/account';
import { ROUTING_FAILED } from './messages';
import { dayName, epochOfWallClock, knownZone, wallClockOf } from './servicePlanForm';

/** The keys typed, one press per character: "2 1", "2,1" and "21" all press 2 then 1. */
export function parsePresses(text: string): string[] {
  return Array.from(text.replace(/[\s,]+/g, ''));
}

export function describeStep(step: CallStep): string {
  if (step.kind === 'timeOfDay') return `Time of day: ${dayName(step.day)} ${step.time} ${step.zone}, row ${step.row + 1}`;
  if (step.note === 'Pressed') return `${step.description}: pressed ${step.pressed}`;
  if (step.pressed === '') return `${step.description}: ${step.note}`;
  return `${step.description}: ${step.note} (key ${step.pressed})`;
}

export function describeEnd(end: CallEnd): string {
  switch (end.kind) {
    case 'destinationPlan':
      return `Destination plan ${end.description}`;
    case 'voicemail':
      return `Voicemail ${end.description}`;
    case 'hangUp':
      return `Hang up: ${end.reason}`;
  }
}

/** The steps and the end of a followed call. */
export function CallPathSteps({ path, label }: { path: CallPath; label: string }) {
  return (
    <div className="call-steps">
      <ol aria-label={`${label} steps`}>
        {path.steps.map((step, i) => (
          <li key={i}>{describeStep(step)}</li>
        ))}
      </ol>
      <output className="call-path-answer" aria-live="polite" aria-label={`${label} end`}>
        {describeEnd(path.end)}
      </output>
    </div>
  );
}

/** One row covering the whole week that answers with this IVR. */
function allWeekTo(ivrId: number): TimeRow[] {
  return [{ ...setRowType(defaultTimeRow(), 'ivr'), ivr: ivrId }];
}

export interface CallSimulatorProps {
  ivrId: number;
  /** The IVR library (manageivrrouting/getIvrLibrary); null while it loads. */
  library: IvrLibrary | null;
  failed?: boolean;
  initialEpochMillis?: number;
}

/** Follows a call into this IVR at a moment, pressing the typed keys, with the domain's followCall. */
export function CallSimulator({ ivrId, library, failed = false, initialEpochMillis }: CallSimulatorProps) {
  const headingId = useId();
  const whenId = useId();
  const keysId = useId();
  const { account } = useAccount();
  const zone = knownZone(account.customerTimeZone);
  const [when, setWhen] = useState(() => wallClockOf(initialEpochMillis ?? now(), zone));
  const [keys, setKeys] = useState('');

  const answer = useMemo((): CallPath | string | null => {
    if (!library) return null;
    const epoch = epochOfWallClock(when, zone);
    if (epoch === null) return 'Enter a date and time.';
    try {
      return followCall(allWeekTo(ivrId), [], zone, epoch, library, parsePresses(keys));
    } catch {
      return `The time zone ${zone} is not known.`;
    }
  }, [library, when, zone, ivrId, keys]);

  return (
    <section className="call-path call-simulator" aria-labelledby={headingId}>
      <h3 id={headingId}>Simulate a call</h3>
      <div className="form-columns">
        <div className="field">
          <label htmlFor={whenId}>Date and time</label>
          <input id={whenId} type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={keysId}>Keys to press</label>
          <input
            id={keysId}
            value={keys}
            placeholder="2 1"
            aria-describedby={`${keysId}-hint`}
            onChange={(event) => setKeys(event.target.value)}
          />
          <p id={`${keysId}-hint`} className="field-hint">
            One key per menu, in order. A menu with no key left takes its default key.
          </p>
        </div>
      </div>
      {failed ? (
        <p role="alert" className="banner banner-error">
          {ROUTING_FAILED}
        </p>
      ) : answer === null ? (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      ) : typeof answer === 'string' ? (
        <output className="call-path-answer">{answer}</output>
      ) : (
        <CallPathSteps path={answer} label="Simulated call" />
      )}
    </section>
  );
}
