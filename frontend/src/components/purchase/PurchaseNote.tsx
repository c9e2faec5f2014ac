import type { components } from '../../lib/api-schema.gen';

export type PurchaseNoteData = components['schemas']['PurchaseNote'];

/** What buying costs (included in the plan, or the price and the first invoice), said by the
 * server from the domain's rule, right above the form's Buy button. */
export function PurchaseNote({ note }: { note: PurchaseNoteData }) {
  return (
    <p className={`purchase-note${note.included ? '' : ' purchase-note-charged'}`} aria-label="What it costs">
      {note.text}
    </p>
  );
}
