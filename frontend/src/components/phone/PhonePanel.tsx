import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAccount } from '../../lib/account';
import { now } from '../../lib/clock';
import { Dialog } from '../Dialog';
import { useSnackbar } from '../Snackbar';
import {
  closePhone,
  closePhoneOnLeave,
  openPhone,
  startCallOut,
  startTestCall,
  type CallOutRequest,
  type CallStarted,
  type PhoneCredentials,
} from './api';
import { CallOutForm } from './CallOutForm';
import { CallView, STARTING, type CallState } from './CallView';
import { CALL_FAILED, ENGINE_UNREACHABLE, endWords, LINE_DOWN, openFailure, PHONE_CLOSED, PHONE_FORBIDDEN, registrationWords } from './messages';
import type { PanelRequest } from './phoneRequest';
import { dialTarget, openLine, type SipCall, type SipLine } from './sipLine';
import { NOW, TestCallForm, type TestCallValues } from './TestCallForm';
import { useCallProgress } from './useCallProgress';
import './phone.css';

type Opening = { status: 'opening' } | { status: 'ready'; credentials: PhoneCredentials } | { status: 'failed'; message: string };

/** How long a call waits for the websocket before it says the engine cannot be reached. */
const CONNECT_WAIT_MS = 10_000;
const KEY = /^[0-9*#]$/;

/**
 * The phone: a floating region (not modal: the page stays usable) that opens this session's phone
 * on the engine, readies a test call or a call out on the server, dials it with JsSIP and shows
 * where the call is now.
 */
export default function PhonePanel({ request, onClose }: { request: PanelRequest; onClose: () => void }) {
  const { account } = useAccount();
  const notify = useSnackbar();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const line = useRef<SipLine | null>(null);
  const sip = useRef<SipCall | null>(null);
  /** Bumped when a call is abandoned: its late answers and events are dropped. */
  const attempt = useRef(0);
  const lastStart = useRef<(() => Promise<CallStarted>) | null>(null);
  const [opening, setOpening] = useState<Opening>({ status: 'opening' });
  const [lineProblem, setLineProblem] = useState<string | null>(null);
  const [target, setTarget] = useState(request);
  const [call, setCall] = useState<CallState | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [testValues, setTestValues] = useState<TestCallValues>(NOW);
  const [outValues, setOutValues] = useState<CallOutRequest>({ number: request.number, callerId: '' });
  const [confirming, setConfirming] = useState(false);
  const live = call !== null && call.phase !== 'ended';
  const liveRef = useRef(live);
  liveRef.current = live;
  const progress = useCallProgress(call?.dial ?? null, call?.phase === 'ended');

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => {
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  useEffect(() => {
    let current = true;
    openPhone().then(
      (credentials) => {
        if (!current) return;
        setOpening({ status: 'ready', credentials });
        setOutValues((values) => (values.callerId ? values : { ...values, callerId: credentials.callerId }));
        line.current = openLine(credentials, {
          onConnected: () => setLineProblem(null),
          onDisconnected: () => setLineProblem(LINE_DOWN),
          onRegistrationFailed: (cause) => setLineProblem(registrationWords(cause)),
        });
      },
      (error) => current && setOpening({ status: 'failed', message: openFailure(error) }),
    );
    return () => {
      current = false;
      attempt.current++;
      sip.current?.hangUp();
      line.current?.stop();
      line.current = null;
    };
  }, []);

  const opened = opening.status === 'ready';
  useEffect(() => {
    if (!opened) return;
    window.addEventListener('pagehide', closePhoneOnLeave);
    return () => window.removeEventListener('pagehide', closePhoneOnLeave);
  }, [opened]);

  // Another Test call or Call button: the panel comes forward; its form follows unless a call is up.
  useEffect(() => {
    panel.current?.focus();
    if (liveRef.current) return;
    setTarget(request);
    setCall(null);
    setStartError(null);
    if (request.kind === 'out' && request.number) setOutValues((values) => ({ ...values, number: request.number }));
  }, [request]);

  async function place(start: () => Promise<CallStarted>) {
    const phone = line.current;
    if (!phone || opening.status !== 'ready') return;
    const mine = ++attempt.current;
    const mineNow = () => attempt.current === mine;
    lastStart.current = start;
    setStartError(null);
    setCall(STARTING);
    let started: CallStarted;
    try {
      started = await start();
    } catch (error) {
      if (!mineNow()) return;
      setCall(null);
      setStartError(error);
      return;
    }
    if (!mineNow()) return;
    setCall({ ...STARTING, phase: 'connecting', label: started.label, dial: started.dial });
    const finish = (failure: string | null) => {
      if (!mineNow()) return;
      sip.current = null;
      setCall((c) => (c && c.phase !== 'ended' ? { ...c, phase: 'ended', endedAt: now(), failure, muted: false } : c));
    };
    if (!(await phone.whenConnected(CONNECT_WAIT_MS))) return finish(ENGINE_UNREACHABLE);
    if (!mineNow()) return;
    try {
      sip.current = phone.call(dialTarget(started.dial, opening.credentials.sipUri), audio.current, {
        onRinging: () => mineNow() && setCall((c) => (c?.phase === 'connecting' ? { ...c, phase: 'ringing' } : c)),
        onAnswered: () =>
          mineNow() && setCall((c) => (c && c.phase !== 'ended' ? { ...c, phase: 'talking', answeredAt: now() } : c)),
        onEnded: (cause, originator) => finish(endWords(cause, originator)),
      });
    } catch {
      finish(CALL_FAILED);
    }
  }

  function sendKey(key: string) {
    if (call?.phase !== 'talking' || !sip.current) return;
    try {
      sip.current.sendKey(key);
      setCall((c) => c && { ...c, keys: c.keys + key });
    } catch {
      // Not in a state to send tones (the call is ending): nothing to say.
    }
  }

  function setMuted(muted: boolean) {
    sip.current?.setMuted(muted);
    setCall((c) => c && { ...c, muted });
  }

  function hangUp() {
    if (sip.current) {
      sip.current.hangUp();
      return;
    }
    attempt.current++;
    setCall((c) => (c && c.phase !== 'ended' ? { ...c, phase: 'ended', endedAt: now() } : c));
  }

  async function close() {
    setConfirming(false);
    attempt.current++;
    sip.current?.hangUp();
    line.current?.stop();
    line.current = null;
    const wasOpen = opening.status === 'ready';
    onClose();
    if (wasOpen) await closePhone().catch(() => {});
    notify(PHONE_CLOSED);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const typing = (event.target as HTMLElement).closest?.('input, select, textarea');
    if (!panel.current?.contains(event.target as Node) || typing) return;
    if (!KEY.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    sendKey(event.key);
  }

  function body() {
    if (opening.status === 'opening') return <p role="status">Opening the phone…</p>;
    if (opening.status === 'failed') {
      return (
        <p role="alert" className="banner banner-error">
          {opening.message}
        </p>
      );
    }
    const { credentials } = opening;
    if (call && call.phase !== 'starting') {
      return (
        <CallView
          call={call}
          progress={progress}
          onKey={sendKey}
          onMute={setMuted}
          onHangUp={hangUp}
          onCallAgain={() => lastStart.current && void place(lastStart.current)}
          onNewCall={() => setCall(null)}
          onClose={() => void close()}
        />
      );
    }
    const allowed = target.kind === 'test' ? credentials.testCalls : credentials.callsOut;
    if (!allowed) {
      return (
        <p role="alert" className="banner banner-error">
          {PHONE_FORBIDDEN}
        </p>
      );
    }
    const busy = call?.phase === 'starting';
    if (target.kind === 'test') {
      const { entryId } = target;
      return (
        <TestCallForm
          number={target.number}
          values={testValues}
          onChange={setTestValues}
          timeZone={account.customerTimeZone}
          busy={busy}
          error={startError}
          onCall={(moment) => void place(() => startTestCall({ entryId, ...moment }))}
        />
      );
    }
    return (
      <CallOutForm
        values={outValues}
        onChange={setOutValues}
        callerIds={credentials.callerIds}
        busy={busy}
        error={startError}
        onCall={(fields) => void place(() => startCallOut(fields))}
      />
    );
  }

  return (
    <div
      ref={panel}
      className="phone-panel"
      role="region"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="phone-panel-header">
        <h2 id={titleId}>Phone</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close the phone"
          title="Close the phone"
          onClick={() => (live ? setConfirming(true) : void close())}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="phone-panel-body">
        {lineProblem && opened && (
          <p role="alert" className="banner banner-error">
            {lineProblem}
          </p>
        )}
        {body()}
      </div>
      <audio ref={audio} autoPlay hidden />
      <Dialog
        open={confirming}
        title="Hang up and close the phone?"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Keep the call
            </button>
            <button type="button" className="button button-danger" onClick={() => void close()}>
              Hang up and close
            </button>
          </>
        }
      >
        <p>The call ends when the phone closes.</p>
      </Dialog>
    </div>
  );
}
