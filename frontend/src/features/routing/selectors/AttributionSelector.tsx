import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { ATTRIBUTIONS_UNAVAILABLE, nothing } from './unavailable';

/** The in-call attribution plan of a destination plan: only 'None' until attribution plans arrive. */
export function AttributionSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  return (
    <LibrarySelect
      noneLabel="None"
      {...props}
      noun="attribution plan"
      options={library.attributions.items}
      status={library.attributions.status}
      onRetry={() => void library.reloadAttributions()}
      onAdd={nothing}
      onEdit={nothing}
      unavailable={ATTRIBUTIONS_UNAVAILABLE}
    />
  );
}
