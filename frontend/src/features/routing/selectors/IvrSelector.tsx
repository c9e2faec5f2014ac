import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { IVRS_UNAVAILABLE, nothing } from './unavailable';

/** An IVR of a service plan row or a key; the list is empty until IVR menus arrive. */
export function IvrSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  return (
    <LibrarySelect
      noneLabel="Select an IVR"
      {...props}
      noun="IVR"
      options={library.ivrs.items}
      status={library.ivrs.status}
      onRetry={() => void library.reloadIvrs()}
      onAdd={nothing}
      onEdit={nothing}
      unavailable={IVRS_UNAVAILABLE}
    />
  );
}
