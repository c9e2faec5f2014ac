import { useState } from 'react';
import { SectionLoading } from '../../../components/SectionLoading';
import { Dialog } from '../../../components/Dialog';
import { useLoader } from '../../../lib/useLoader';
import { getCall, type CallDetail, type CallScoring } from '../api';
import { guardRoute } from '../../../domain';
import { useOptionalAccount } from '../../../lib/account';
import { CallDimensionsSection } from './CallDimensionsSection';
import { CallScoreSection } from './CallScoreSection';
import { CallTagsSection } from './CallTagsSection';
import { RecordingPlayer } from '../../../components/recording/RecordingPlayer';
import { TranscriptSection } from './TranscriptSection';

export const DETAIL_FAILED = 'This call could not be loaded. It may have been removed; try again later.';

/** The call's facts; `scoring`, once a score is saved here, is the latest. */
function Facts({ detail, scoring }: { detail: CallDetail; scoring: CallScoring | null }) {
  const { call } = detail;
  const score = scoring ? (scoring.scores[0]?.label ?? '') : call.scoreLabel;
  const lead = scoring ? (scoring.leadScore ?? '') : call.leadScore;
  const rows: [string, string][] = [
    ['Caller', call.firstTime ? `${call.caller} (first-time caller)` : call.caller],
    ['Tracked number', `${call.trackedNumber} · ${call.numberName}`],
    ['Source / medium', call.source ? `${call.source} / ${call.medium}` : '—'],
    ['Credited to', detail.creditedTo],
    ['Keyword', detail.keyword || '—'],
    ['Click id', detail.clickId || '—'],
    ['Referrer', detail.referrer || '—'],
    ['Talk time', call.duration],
    ['Ring time', call.ringTime],
    ['Outcome', call.outcomeLabel],
    ['Category', detail.category || '—'],
    ['Report group', detail.reportGroup || '—'],
    ['Score', score || 'Not scored'],
    ['Lead score', lead || '—'],
    ['Follow-up', [call.followUpLabel, call.note && `Note: ${call.note}`].filter(Boolean).join(' · ') || '—'],
  ];
  return (
    <dl className="call-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Other calls, each opened from here by its time; nothing when there are none. */
function LinkedCalls({
  title,
  calls,
  onOpen,
}: {
  title: string;
  calls: CallDetail['callbacks'];
  onOpen: (id: number) => void;
}) {
  if (calls.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul className="linked-calls">
        {calls.map((c) => (
          <li key={c.id}>
            <button type="button" className="link-button" onClick={() => onOpen(c.id)}>
              {c.time}
            </button>{' '}
            {c.outcomeLabel}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One call: its recording and transcript first, the caller's other calls, then what it was, its
 * tags and score, and its journey step by step.
 */
export function CallDetailDialog({
  id,
  onClose,
  onOpen,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onOpen: (id: number) => void;
  /** The call changed (its tags): the log reloads its page. */
  onChanged?: () => void;
}) {
  const [load] = useLoader(() => getCall(id), [id]);
  const [scored, setScored] = useState<{ id: number; scoring: CallScoring } | null>(null);
  const account = useOptionalAccount();
  // The account's own fields on calls, where its Custom dimensions page opens.
  const hasDimensions = account !== null && guardRoute('/customdimensions', account).kind === 'allow';
  const title = load.status === 'ready' ? `Call from ${load.data.call.caller}, ${load.data.call.time}` : 'Call';
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {load.status === 'loading' && (
        <SectionLoading label="Loading the call…" />
      )}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {DETAIL_FAILED}
        </p>
      )}
      {load.status === 'ready' && (
        <div className="call-detail">
          {load.data.recordingUrl && <RecordingPlayer url={load.data.recordingUrl} callId={id} />}
          {load.data.recordingUrl && <TranscriptSection key={`transcript-${id}`} callId={id} />}
          <LinkedCalls title="The caller's other calls" calls={load.data.callerCalls} onOpen={onOpen} />
          <Facts detail={load.data} scoring={scored?.id === id ? scored.scoring : null} />
          <CallTagsSection key={id} callId={id} initial={load.data.tags} onChanged={onChanged} />
          <CallScoreSection
            key={`score-${id}`}
            callId={id}
            initial={load.data.scoring}
            onChanged={onChanged}
            onScored={(scoring) => setScored({ id, scoring })}
          />
          {hasDimensions && <CallDimensionsSection key={`dimensions-${id}`} callId={id} onChanged={onChanged} />}
          <section aria-label="Journey">
            <h3>Journey</h3>
            <ol className="journey">
              {load.data.journey.map((step, i) => (
                <li key={i}>
                  <strong>{step.title}</strong> {step.detail}
                </li>
              ))}
            </ol>
          </section>
          {load.data.firstCall && (
            <p className="callback-note">
              The caller rang again after a missed call ({load.data.firstCall.time},{' '}
              {load.data.firstCall.outcomeLabel}): this call is credited to that call&apos;s source.{' '}
              <button type="button" className="link-button" onClick={() => onOpen(load.data.firstCall!.id)}>
                Open the missed call
              </button>
            </p>
          )}
          <LinkedCalls title="The caller rang again" calls={load.data.callbacks} onOpen={onOpen} />
        </div>
      )}
    </Dialog>
  );
}
