import { DestinationNumberDialog } from '../editors/DestinationNumberDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** A destination number a plan rings. */
export function DestinationNumberSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        noneLabel="Select a destination number"
        {...props}
        noun="destination number"
        options={library.destinations.items}
        status={library.destinations.status}
        onRetry={() => void library.reloadDestinations()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <DestinationNumberDialog
          open
          id={editor.editing}
          onClose={editor.close}
          onSaved={(id) => {
            editor.close();
            props.onChange(id);
          }}
        />
      )}
    </>
  );
}
