import { DataTable, type Column } from '../../../components/DataTable';
import { Dialog } from '../../../components/Dialog';
import type { AffectedLocation } from '../api/editors';

type Place = AffectedLocation & { key: number };

const COLUMNS: Column<Place>[] = [
  { id: 'audio', header: 'Audio', cell: (place) => place.audioDescription },
  { id: 'location', header: 'Location', cell: (place) => place.location },
  { id: 'type', header: 'Type', cell: (place) => place.type },
  { id: 'description', header: 'Description', cell: (place) => place.description },
];

/** The places the selected audio is used in: it cannot be deleted until it is taken out of them. */
export function AudioInUseDialog({
  open,
  locations,
  onClose,
}: {
  open: boolean;
  locations: AffectedLocation[];
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title="Audio in use"
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          Close
        </button>
      }
    >
      <p>The selected audio cannot be deleted while it is used here. Choose other audio in these places first.</p>
      <DataTable
        plain
        label="Where the audio is used"
        columns={COLUMNS}
        rows={locations.map((location, key) => ({ ...location, key }))}
        rowKey={(place) => place.key}
        emptyText="The selected audio is not used anywhere."
      />
    </Dialog>
  );
}
