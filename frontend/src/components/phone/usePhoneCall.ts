import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { now } from '../../lib/clock';
import type { CallStarted } from './api';
import { STARTING, type CallState } from './CallView';
import { CALL_FAILED, ENGINE_UNREACHABLE, endWords } from './messages';
import { dialTarget, type SipCall, type SipLine } from './sipLine';
import { useCallProgress } from './useCallProgress';

/** How long a call waits for the websocket before it says the engine cannot be reached. */
const CONNECT_WAIT_MS = 10_000;

/**
 * One call at a time on the phone's line: readied on the server by `start` (phone/testCall,
 * phone/callOut), then dialled; its state, where it is now, and what the user can do with it.
 */
export function usePhoneCall(line: RefObject<SipLine | null>, sipUri: string, audio: RefObject<HTMLAudioElement | null>) {
  const sip = useRef<SipCall | null>(null);
  /** Bumped when a call is abandoned: its late answers and events are dropped. */
  const attempt = useRef(0);
  const lastStart = useRef<(() => Promise<CallStarted>) | null>(null);
  const [call, setCall] = useState<CallState | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const progress = useCallProgress(call?.dial ?? null, call?.phase === 'ended');

  useEffect(() => abandon, []);

  /** Back to the form, the last refusal forgotten. */
  const reset = useCallback(() => {
    setCall(null);
    setStartError(null);
  }, []);

  function end(failure: string | null) {
    sip.current = null;
    setCall((c) => (c && c.phase !== 'ended' ? { ...c, phase: 'ended', endedAt: now(), failure, muted: false } : c));
  }

  async function place(start: () => Promise<CallStarted>) {
    const phone = line.current;
    if (!phone) return;
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
    const connected = await phone.whenConnected(CONNECT_WAIT_MS);
    if (!mineNow()) return;
    if (!connected) return end(ENGINE_UNREACHABLE);
    try {
      sip.current = phone.call(dialTarget(started.dial, sipUri), audio.current, {
        onRinging: () => mineNow() && setCall((c) => (c?.phase === 'connecting' ? { ...c, phase: 'ringing' } : c)),
        onAnswered: () =>
          mineNow() && setCall((c) => (c && c.phase !== 'ended' ? { ...c, phase: 'talking', answeredAt: now() } : c)),
        onEnded: (cause, originator) => mineNow() && end(endWords(cause, originator)),
      });
    } catch {
      end(CALL_FAILED);
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

  /** Hangs up; a call not dialled yet is dropped. */
  function hangUp() {
    if (sip.current) return sip.current.hangUp();
    attempt.current++;
    end(null);
  }

  /** Drops whatever call there is, for good (the panel closes). */
  function abandon() {
    attempt.current++;
    sip.current?.hangUp();
    sip.current = null;
  }

  return {
    call,
    progress,
    startError,
    live: call !== null && call.phase !== 'ended',
    place: (start: () => Promise<CallStarted>) => void place(start),
    again: () => lastStart.current && void place(lastStart.current),
    sendKey,
    setMuted,
    hangUp,
    abandon,
    reset,
  };
}
