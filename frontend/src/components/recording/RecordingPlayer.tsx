import { useEffect, useRef, useState } from 'react';
import { downloadBlob } from '../../lib/csv';
import { SelectField } from '../fields';
import { SectionLoading } from '../SectionLoading';
import { downloadRecording, getRecording } from './api';

const SPEEDS = ['0.75', '1', '1.25', '1.5', '2'].map((value) => ({ value, label: `${value}×` }));
export const RECORDING_FAILED = 'The recording could not be loaded. Try again later.';
export const DOWNLOAD_FAILED = 'The recording could not be downloaded. Try again later.';

/** The call's recording: play, seek (the player's own controls), speed, and download. */
export function RecordingPlayer({ url, callId }: { url: string; callId: number }) {
  const [source, setSource] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [speed, setSpeed] = useState('1');
  const [downloadError, setDownloadError] = useState('');
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    let created: string | null = null;
    let live = true;
    setState('loading');
    getRecording(url).then(
      (blob) => {
        if (!live) return;
        created = URL.createObjectURL(blob);
        setSource(created);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = Number(speed);
  }, [speed, source]);

  async function download() {
    setDownloadError('');
    try {
      const { blob, fileName } = await downloadRecording(url);
      downloadBlob(fileName ?? `call-${callId}.mp3`, blob);
    } catch {
      setDownloadError(DOWNLOAD_FAILED);
    }
  }

  return (
    <section className="recording" aria-label="Recording">
      <h3>Recording</h3>
      {state === 'loading' && (
        <SectionLoading label="Loading the recording…" />
      )}
      {state === 'failed' && (
        <p role="alert" className="banner banner-error">
          {RECORDING_FAILED}
        </p>
      )}
      {state === 'ready' && source && (
        <div className="recording-controls">
          <audio ref={audio} controls src={source} aria-label="Call recording" preload="metadata" />
          <SelectField label="Speed" value={speed} options={SPEEDS} onChange={setSpeed} />
          <button type="button" className="button" onClick={() => void download()}>
            Download recording
          </button>
        </div>
      )}
      {downloadError && (
        <p role="alert" className="banner banner-error">
          {downloadError}
        </p>
      )}
    </section>
  );
}
