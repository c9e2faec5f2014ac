import { DestinationPlanDialog } from '../editors/DestinationPlanDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** A destination plan (hunt group or multi dial). */
export function DestinationPlanSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="Select a destination plan"
      {...props}
      list="routings"
      noun="destination plan"
      reload="reloadRoutings"
      dialog={DestinationPlanDialog}
    />
  );
}
