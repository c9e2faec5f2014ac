import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { Dialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { RecordingPlayer } from '../../../components/recording/RecordingPlayer';
import { formatDay } from '../../../lib/dates';
import { FIXED_PRESETS } from '../../../lib/periods';
import { useLoader } from '../../../lib/useLoader';
import { getCallInsight, getInsights, type CallInsight, type SpeechInsights } from '../api';

export const LOAD_FAILED = 'The speech insights could not be loaded. Try again later.';
export const CALL_FAILED = 'The call could not be loaded. Try again later.';

function Transcript({ call }: { call: CallInsight }) {
  if (!call.transcribed) return <p className="transcript-state">Not transcribed yet.</p>;
  if (call.lines.length === 0) return <p className="transcript-state">No speech was heard in this recording.</p>;
  return (
    <div className="transcript-text">
      {call.lines.map((line, i) => (
        <p key={i}>
          <strong>{line.speakerLabel}:</strong>{' '}
          {line.parts.map((part, j) =>
            part.voiceTags.length > 0 ? (
              <mark key={j} title={part.voiceTags.join(', ')} className="voice-tag-phrase">
                {part.text}
                <span className="visually-hidden"> (voice tag {part.voiceTags.join(', ')})</span>
              </mark>
            ) : (
              <span key={j}>{part.text}</span>
            ),
          ).reduce<React.ReactNode[]>((all, node, j) => (j === 0 ? [node] : [...all, ' ', node]), [])}
        </p>
      ))}
    </div>
  );
}

/** One call's transcript with the voice tags' phrases marked, beside its recording. */
function CallDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [load] = useLoader(() => getCallInsight(id), [id]);
  return (
    <Dialog
      open
      title="Call transcript"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {load.status === 'loading' && <p>Loading the call…</p>}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {CALL_FAILED}
        </p>
      )}
      {load.status === 'ready' && (
        <div className="insight-call">
          <p>
            {load.data.time}, {load.data.caller}.{' '}
            {load.data.voiceTags.length > 0 ? `Voice tags: ${load.data.voiceTags.join(', ')}.` : 'No voice tags.'}
          </p>
          {load.data.recordingUrl && <RecordingPlayer url={load.data.recordingUrl} callId={id} />}
          <section aria-label="Transcript">
            <h3>Transcript</h3>
            <Transcript call={load.data} />
            <p className="transcript-meta">
              Machine transcription: words may be misheard. The speaker is taken from the turns (the agent first).
            </p>
          </section>
        </div>
      )}
    </Dialog>
  );
}

function tagColumns(most: number): Column<SpeechInsights['voiceTags'][number]>[] {
  return [
    { id: 'tag', header: 'Voice tag', cell: (tag) => tag.description },
    {
      id: 'calls',
      header: 'Calls',
      cell: (tag) => (
        <>
          <span className="insight-bar" style={{ width: `${(tag.calls / most) * 8}rem` }} aria-hidden="true" />{' '}
          {tag.calls}
        </>
      ),
    },
    { id: 'hits', header: 'Times said', cell: (tag) => tag.hits },
  ];
}

function callColumns(onOpen: (id: number) => void): Column<SpeechInsights['calls'][number]>[] {
  return [
    { id: 'time', header: 'Time', cell: (call) => call.time },
    { id: 'caller', header: 'Caller', cell: (call) => call.caller },
    { id: 'tags', header: 'Voice tags', cell: (call) => call.voiceTags.join(', ') || 'None' },
    {
      id: 'transcript',
      header: 'Transcript',
      hiddenHeader: true,
      cell: (call) => (
        <button
          type="button"
          className="button"
          aria-label={`Transcript of the call at ${call.time}`}
          onClick={() => onOpen(call.id)}
        >
          Transcript
        </button>
      ),
    },
  ];
}

function Insights({ data, onOpen }: { data: SpeechInsights; onOpen: (id: number) => void }) {
  return (
    <>
      <section aria-labelledby="insights-tags">
        <h2 id="insights-tags">Voice tags found most</h2>
        <DataTable
          plain
          label={`Voice tags found, ${formatDay(data.firstDay)} to ${formatDay(data.lastDay)}`}
          columns={tagColumns(Math.max(1, ...data.voiceTags.map((t) => t.calls)))}
          rows={data.voiceTags}
          rowKey={(tag) => tag.id}
          emptyText="No voice tags were found in this period's calls."
        />
        {data.canAddVoiceTags && (
          <p className="field-hint">
            Voice tags are the words and phrases spotted in your calls, such as a product or &quot;complaint&quot;.{' '}
            <Link to="/voicetags">{data.voiceTags.length === 0 ? 'Add your first voice tag' : 'Manage voice tags'}</Link>
          </p>
        )}
      </section>
      <section aria-labelledby="insights-calls">
        <h2 id="insights-calls">Calls with voice tags</h2>
        <DataTable
          plain
          label="Calls with voice tags"
          columns={callColumns(onOpen)}
          rows={data.calls}
          rowKey={(call) => call.id}
          emptyText="No calls."
        />
      </section>
      <section aria-labelledby="insights-transcribed">
        <h2 id="insights-transcribed">Transcribed calls</h2>
        <DataTable
          plain
          label="Transcribed calls"
          columns={callColumns(onOpen)}
          rows={data.transcribed}
          rowKey={(call) => call.id}
          emptyText="No recorded call of this period has been transcribed yet."
        />
      </section>
    </>
  );
}

/** /call-insights: a period's voice tags by calls, its tagged calls, and one call's transcript. */
export function InsightsPage({ title }: { title: string }) {
  const [preset, setPreset] = useState('last30Days');
  const [load] = useLoader(() => getInsights(preset), [preset]);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <div className="card">
          <SelectField label="Period" name="preset" value={preset} options={FIXED_PRESETS} onChange={setPreset} />
          <p>
            {formatDay(data.firstDay)} to {formatDay(data.lastDay)}. Voice tags are found in the transcripts of recorded calls.
          </p>
          <Insights data={data} onOpen={setOpen} />
          {open !== null && <CallDialog id={open} onClose={() => setOpen(null)} />}
        </div>
      )}
    </LoadedPage>
  );
}
