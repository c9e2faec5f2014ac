import { Link } from 'react-router';
import { RecordsPage } from '../../../../components/records/RecordsPage';
import { deleteConversion, getConversions, type ActionView } from '../../api/conversions';
import { ConversionDialog } from './ConversionDialog';
import { NotConnectedWarning } from './NotConnectedWarning';

export const LOAD_FAILED = 'The conversions could not be loaded. Try again later.';
export const DELETE_FAILED = 'It could not be deleted. Try again later.';

/** /conversions: the conversion actions sent to the ad platforms, with their last 30 days. */
export function ConversionsPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getConversions}
      failedText={LOAD_FAILED}
      intro={() => (
        <p>
          Calls that count are sent to the ad platform as conversions, so its bidding learns which clicks bring calls.
          Each upload carries the caller&apos;s number, the call&apos;s time and the click id of the visit; one that fails
          is tried again hours later, and a call is never sent twice. A platform hears only of the calls its own ads
          made: the visit carries its click id, or (for Google Ads and Meta Ads) the call came from its paid source. A
          caller whose visit refused the use of their data for advertising is never sent; the log says so.
        </p>
      )}
      rows={(data) => data.conversions}
      canEdit={(data) => data.canEdit}
      add={{ label: 'Add conversion' }}
      label="Conversions"
      name={(action) => action.name}
      emptyText="No conversions yet. Add one to send the calls that count to an ad platform."
      columns={() => [
        {
          id: 'name',
          header: 'Conversion',
          cell: (action: ActionView) => (
            <>
              <Link to={`/conversions/${action.id}`}>{action.name}</Link>
              {!action.active && <span className="field-hint"> (paused)</span>}
            </>
          ),
          sortValue: (action) => action.name,
        },
        {
          id: 'platform',
          header: 'Platform',
          cell: (action) => (
            <>
              {action.platformLabel}
              <NotConnectedWarning action={action} />
            </>
          ),
          sortValue: (action) => action.platformLabel,
        },
        { id: 'conditions', header: 'Which calls count', cell: (action) => action.conditions.join(' and ') },
        { id: 'value', header: 'Value', cell: (action) => action.value || 'None' },
        { id: 'counted', header: 'Counted (30 days)', cell: (a) => a.counted30Days, sortValue: (a) => a.counted30Days },
        { id: 'sent', header: 'Sent (30 days)', cell: (a) => a.sent30Days, sortValue: (a) => a.sent30Days },
        { id: 'failed', header: 'Failed (30 days)', cell: (a) => a.failed30Days, sortValue: (a) => a.failed30Days },
      ]}
      editor={(editing, page) => <ConversionDialog editing={editing} data={page.data} onClose={page.close} onSaved={page.saved} />}
      remove={{
        question: (action) => action.deleteQuestion,
        run: async (action) => {
          await deleteConversion(action.id);
          return `The conversion '${action.name}' was deleted.`;
        },
        failed: () => DELETE_FAILED,
      }}
    />
  );
}
