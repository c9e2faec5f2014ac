import { SectionLoading } from '../../../components/SectionLoading';
import { useLoader } from '../../../lib/useLoader';
import { getTranscript, type CallTranscript } from '../api';

export const TRANSCRIPT_FAILED = 'The transcript could not be loaded. Try again later.';
export const NEVER_LEAVES =
  'Transcribed on our own servers by an offline speech recogniser: the audio never leaves the installation.';

const WAITING: Record<Exclude<CallTranscript['state'], 'ready'>, string> = {
  pending: 'Not transcribed yet: recordings are transcribed in the background, usually within a minute.',
  failed: 'This recording could not be transcribed.',
  noRecording: 'This call has no recording to transcribe.',
  notIncluded: 'Transcripts of recorded calls come with speech analytics.',
  outsideTrialAllowance:
    'Not transcribed: the speech analytics trial transcribes the first recorded calls of each day of the trial, and this call came after them or outside the trial.',
};

function Body({ transcript }: { transcript: CallTranscript }) {
  if (transcript.state !== 'ready') return <p className="transcript-state">{WAITING[transcript.state]}</p>;
  const lines = transcript.text.split('\n').filter((line) => line.trim() !== '');
  return (
    <>
      {lines.length === 0 ? (
        <p className="transcript-state">No speech was heard in this recording.</p>
      ) : (
        <div className="transcript-text">
          {lines.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      )}
      <p className="transcript-meta">
        Transcribed {transcript.transcribedAt} by {transcript.recogniser}. Machine transcription: words may be
        misheard.
      </p>
    </>
  );
}

/** The call's transcript, under its recording. */
export function TranscriptSection({ callId }: { callId: number }) {
  const [load] = useLoader(() => getTranscript(callId), [callId]);
  return (
    <section className="transcript" aria-label="Transcript">
      <h3>Transcript</h3>
      {load.status === 'loading' && <SectionLoading label="Loading the transcript…" />}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {TRANSCRIPT_FAILED}
        </p>
      )}
      {load.status === 'ready' && <Body transcript={load.data} />}
      <p className="transcript-privacy">{NEVER_LEAVES}</p>
    </section>
  );
}
