import { RecordsPage } from '../../../components/records/RecordsPage';
import { deleteDimension, getDimensions, type DimensionView } from '../api';
import { DimensionDialog } from './DimensionDialog';

export const LOAD_FAILED = 'The custom dimensions could not be loaded. Try again later.';
export const DELETE_FAILED = 'The custom dimension could not be deleted. Try again later.';

/** /customdimensions: the account's own fields on calls (text, number, a choice), set in a call's details. */
export function DimensionsPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getDimensions}
      failedText={LOAD_FAILED}
      intro={() => (
        <p>
          Custom dimensions are fields of your own on calls: what the caller asked about, a quoted value, a note. Set
          them in a call's details in the call log, then filter the log by them and find them in its CSV.
        </p>
      )}
      rows={(data) => data.dimensions}
      canEdit={(data) => data.canEdit}
      add={{ label: 'Add custom dimension' }}
      label="Custom dimensions"
      name={(dimension) => dimension.name}
      emptyText={(data) => `No custom dimensions yet.${data.canEdit ? ' Add one to record it on calls.' : ''}`}
      columns={() => [
        { id: 'name', header: 'Name', cell: (d: DimensionView) => d.name, sortValue: (d) => d.name },
        { id: 'kind', header: 'Type', cell: (d) => d.kindLabel, sortValue: (d) => d.kindLabel },
        { id: 'choices', header: 'Choices', cell: (d) => (d.choices.length > 0 ? d.choices.join(', ') : '—') },
        { id: 'calls', header: 'Calls with a value', cell: (d) => d.calls, sortValue: (d) => d.calls },
      ]}
      editor={(editing, page) => <DimensionDialog data={page.data} editing={editing} onClose={page.close} onSaved={page.saved} />}
      remove={{
        question: (dimension) => dimension.deleteQuestion,
        run: async (dimension) => {
          await deleteDimension(dimension.id);
          return `The custom dimension '${dimension.name}' was deleted.`;
        },
        failed: () => DELETE_FAILED,
      }}
    />
  );
}
