import { DestinationPlanDialog } from '../editors/DestinationPlanDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** A destination plan (hunt group or multi dial). */
export function DestinationPlanSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        noneLabel="Select a destination plan"
        {...props}
        noun="destination plan"
        options={library.routings.items}
        status={library.routings.status}
        onRetry={() => void library.reloadRoutings()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <DestinationPlanDialog
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
