import { SectionLoading } from '../../../components/SectionLoading';
import { Dialog } from '../../../components/Dialog';
import { useLoader } from '../../../lib/useLoader';
import { getCall, type CallDetail } from '../api';
import { guardRoute } from '../../../domain';
import { useOptionalAccount } from '../../../lib/account';
import { CallDimensionsSection } from './CallDimensionsSection';
import { CallScoreSection } from './CallScoreSection';
import { CallTagsSection } from './CallTagsSection';
import { RecordingPlayer } from '../../../components/recording/RecordingPlayer';
import { TranscriptSection } from './TranscriptSection';

export const DETAIL_FAILED = 'This call could not be loaded. It may have been removed; try again later.';

function Facts({ detail }: { detail: CallDetail }) {
  const { call } = detail;
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
    ['Score', call.scoreLabel || 'Not scored'],
    ['Lead score', call.leadScore || '—'],
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

/** One call: what it was, its journey step by step, its call-backs, its recording and transcript. */
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
          <Facts detail={load.data} />
          <CallTagsSection key={id} callId={id} initial={load.data.tags} onChanged={onChanged} />
          <CallScoreSection key={`score-${id}`} callId={id} initial={load.data.scoring} onChanged={onChanged} />
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
              {load.data.firstCall.outcomeLabel}): this call is credited to that call's source.{' '}
              <button type="button" className="link-button" onClick={() => onOpen(load.data.firstCall!.id)}>
                Open the missed call
              </button>
            </p>
          )}
          {load.data.callbacks.length > 0 && (
            <section aria-label="The caller rang again">
              <h3>The caller rang again</h3>
              <ul>
                {load.data.callbacks.map((c) => (
                  <li key={c.id}>
                    <button type="button" className="link-button" onClick={() => onOpen(c.id)}>
                      {c.time}
                    </button>{' '}
                    {c.outcomeLabel}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {load.data.recordingUrl && <RecordingPlayer url={load.data.recordingUrl} callId={id} />}
          {load.data.recordingUrl && <TranscriptSection key={`transcript-${id}`} callId={id} />}
        </div>
      )}
    </Dialog>
  );
}
