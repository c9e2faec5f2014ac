import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { now } from '../../lib/clock';
import type { CallProgress } from './api';
import { CallSteps } from './CallSteps';
import { Keypad } from './Keypad';

export type CallPhase = 'starting' | 'connecting' | 'ringing' | 'talking' | 'ended';

/** A call from the moment the server readied it. */
export interface CallState {
  phase: CallPhase;
  label: string;
  dial: string | null;
  answeredAt: number | null;
  endedAt: number | null;
  /** Why the call failed or ended early, in words. */
  failure: string | null;
  muted: boolean;
  keys: string;
}

export const STARTING: CallState = {
  phase: 'starting',
  label: '',
  dial: null,
  answeredAt: null,
  endedAt: null,
  failure: null,
  muted: false,
  keys: '',
};

function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** mm:ss from the answer, ticking until the call ends. */
function CallTimer({ from, until }: { from: number; until: number | null }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until !== null) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return (
    <p className="phone-timer">
      <span className="visually-hidden">Call time </span>
      {clock((until ?? now()) - from)}
    </p>
  );
}

function statusOf(call: CallState): string {
  switch (call.phase) {
    case 'starting':
    case 'connecting':
      return 'Connecting…';
    case 'ringing':
      return 'Ringing';
    case 'talking':
      return call.label;
    case 'ended':
      return 'Call ended';
  }
}

export function CallView({
  call,
  progress,
  onKey,
  onMute,
  onHangUp,
  onCallAgain,
  onNewCall,
  onClose,
  testCall,
}: {
  call: CallState;
  /** A test call (listed in the call log with test calls shown), not a call out. */
  testCall: boolean;
  progress: CallProgress | null;
  onKey: (key: string) => void;
  onMute: (muted: boolean) => void;
  onHangUp: () => void;
  onCallAgain: () => void;
  onNewCall: () => void;
  onClose: () => void;
}) {
  const ended = call.phase === 'ended';
  const steps = progress?.steps ?? [];
  return (
    <div className="phone-call">
      <div className="phone-call-now">
        <p role="status" className="phone-status">
          {statusOf(call)}
        </p>
        {call.phase !== 'talking' && call.label && <p className="phone-label">{call.label}</p>}
        {call.answeredAt !== null && <CallTimer from={call.answeredAt} until={call.endedAt} />}
        {call.failure && (
          <p role="alert" className="banner banner-error">
            {call.failure}
          </p>
        )}
        {ended ? (
          <>
            {steps.length > 0 && <p className="phone-last-step">{steps[steps.length - 1]}</p>}
            {progress?.callId != null && testCall && (
              <p>
                {/* A test call is listed with the test calls shown. */}
                <Link to={`/reports?testCalls=1&call=${progress.callId}`}>See the call in the call log</Link>
              </p>
            )}
            <div className="phone-actions">
              <button type="button" className="button button-primary" onClick={onCallAgain}>
                Call again
              </button>
              <button type="button" className="button" onClick={onNewCall}>
                New call
              </button>
              <button type="button" className="button" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <>
            <Keypad disabled={call.phase !== 'talking'} sent={call.keys} onKey={onKey} />
            <div className="phone-actions">
              <button
                type="button"
                className="button"
                aria-pressed={call.muted}
                disabled={call.phase !== 'talking'}
                onClick={() => onMute(!call.muted)}
              >
                Mute
              </button>
              <button type="button" className="button button-danger" onClick={onHangUp}>
                Hang up
              </button>
            </div>
          </>
        )}
      </div>
      <CallSteps steps={steps} />
    </div>
  );
}
