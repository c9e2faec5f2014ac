import { useEffect, useRef, useState } from 'react';
import { getRecording } from './api';

/** The row player sounding now: starting another stops it, so one plays at a time. */
let sounding: { audio: HTMLAudioElement; stop: () => void } | null = null;

type PlayerState = 'idle' | 'loading' | 'playing' | 'paused' | 'failed';

/**
 * Play and pause a call's recording (or a voicemail's message) from its row, fetched on the
 * first press, with its length ("0:42", as the server words it). The call's detail has the full
 * player.
 */
export function RowPlayer({ url, label, length }: { url: string; label: string; length: string }) {
  const [state, setState] = useState<PlayerState>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  const source = useRef<string | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (sounding?.audio === audio.current) sounding = null;
      if (source.current) URL.revokeObjectURL(source.current);
    },
    [],
  );

  const stop = () => {
    audio.current?.pause();
    setState('paused');
  };

  const toggle = async () => {
    if (state === 'playing') {
      stop();
      return;
    }
    if (!audio.current) {
      setState('loading');
      try {
        source.current = URL.createObjectURL(await getRecording(url));
      } catch {
        setState('failed');
        return;
      }
      const made = new Audio(source.current);
      made.onended = () => setState('paused');
      audio.current = made;
    }
    if (sounding && sounding.audio !== audio.current) sounding.stop();
    sounding = { audio: audio.current, stop };
    try {
      await audio.current.play();
      setState('playing');
    } catch {
      setState('failed');
    }
  };

  // ▶ and ❚❚ (the name says what the button does; aria-pressed whether it plays).
  const word = { idle: '▶', loading: '…', playing: '❚❚', paused: '▶', failed: 'Try again' }[state];
  return (
    <button
      type="button"
      className="button row-player"
      aria-pressed={state === 'playing'}
      aria-label={`Play the ${label}`}
      disabled={state === 'loading'}
      onClick={() => void toggle()}
    >
      {word}
      {length && <span className="row-player-length"> {length}</span>}
    </button>
  );
}
