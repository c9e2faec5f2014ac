import { DestinationNumberDialog } from '../editors/DestinationNumberDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** A destination number a plan rings. */
export function DestinationNumberSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="Select a destination number"
      {...props}
      list="destinations"
      noun="destination number"
      reload="reloadDestinations"
      dialog={DestinationNumberDialog}
    />
  );
}
