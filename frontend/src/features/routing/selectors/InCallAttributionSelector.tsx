import { InCallAttributionDialog } from '../editors/InCallAttributionDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** The in-call attribution plan of a destination plan (form_incall). */
export function InCallAttributionSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="None"
      {...props}
      list="attributions"
      noun="attribution plan"
      reload="reloadAttributions"
      dialog={InCallAttributionDialog}
    />
  );
}
