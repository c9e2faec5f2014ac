import { Link } from 'react-router';
import type { Column } from '../../../components/DataTable';
import { RecordsPage } from '../../../components/records/RecordsPage';
import { deleteCta, getCtas, pagesText, type CtaView } from './api';
import { CtaDialog } from './CtaDialog';

export const LOAD_FAILED = 'The call-to-actions could not be loaded. Try again later.';
export const DELETE_FAILED = 'The call-to-action could not be deleted. Try again later.';

export const clicksDeleted = (name: string, clicks: number) =>
  clicks === 0
    ? `The call-to-action '${name}' was deleted.`
    : `The call-to-action '${name}' was deleted with ${clicks === 1 ? 'its 1 click' : `its ${clicks} clicks`}.`;

/** A column showing, sorting and exporting one value. */
const shown = (id: string, header: string, value: (c: CtaView) => string | number): Column<CtaView> => ({
  id,
  header,
  cell: value,
  sortValue: value,
  csv: value,
});

const columns: Column<CtaView>[] = [
  { ...shown('name', 'Name', (c) => c.name), cell: (c) => <Link to={`/cta/${c.id}`}>{c.name}</Link> },
  shown('kind', 'Kind', (c) => c.kindLabel),
  { id: 'selector', header: 'CSS selector', cell: (c) => <code>{c.selector}</code>, csv: (c) => c.selector },
  { id: 'pages', header: 'Pages', cell: (c) => pagesText(c), csv: (c) => pagesText(c) },
  shown('clicks', 'Clicks (30 days)', (c) => c.clicks30Days),
  shown('calls', 'Calls within 30 min', (c) => c.calls30Days),
  {
    ...shown('rate', 'Conversion rate', (c) => c.conversionRate),
    sortValue: (c) => (c.clicks30Days > 0 ? c.calls30Days / c.clicks30Days : -1),
  },
];

/** /cta: the elements of the site the tracking script watches, with their clicks and the calls that followed. */
export function CtaList({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getCtas}
      failedText={LOAD_FAILED}
      rows={(data) => data.ctas}
      canEdit={(data) => data.canEdit}
      intro={({ data }) => (
        <p>
          The links, buttons and forms of your site the tracking script watches. A call counts for a call-to-action
          when the same visit clicked it at most {data.windowMinutes} minutes before the call started; the figures
          are for the last {data.days} days.
        </p>
      )}
      add={{ label: 'Add call-to-action' }}
      label="Call-to-actions"
      name={(cta) => cta.name}
      emptyText="No call-to-actions yet."
      columns={() => columns}
      table={{ searchText: (c) => `${c.name} ${c.selector} ${c.kindLabel}`, csvFileName: 'call_to_actions.csv' }}
      editor={(cta, page) => (
        <CtaDialog
          cta={cta}
          kinds={page.data.kinds}
          taken={page.data.ctas.filter((c) => c.id !== cta?.id).map((c) => c.name)}
          onClose={page.close}
          onSaved={page.saved}
        />
      )}
      remove={{
        question: (cta) => cta.deleteQuestion,
        run: async (cta) => clicksDeleted(cta.name, (await deleteCta(cta.id)).clicks),
        failed: () => DELETE_FAILED,
      }}
    />
  );
}
