import { disconnectLabel } from '../../../domain/routing';
import { ServicePlanDialog } from '../editors/ServicePlanDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

export interface ServicePlanSelectorProps extends SelectorProps {
  /** The routing rows being edited: left out of the plan's affected numbers/pools. */
  rowIds: number[];
}

/** The service plan (time of day) of a number or pool; id 0 is '-- Disconnect --'. */
export function ServicePlanSelector({ rowIds, ...props }: ServicePlanSelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        noneLabel={disconnectLabel()}
        {...props}
        noun="service plan"
        options={library.plans.items}
        status={library.plans.status}
        onRetry={() => void library.reloadPlans()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <ServicePlanDialog
          open
          id={editor.editing}
          rowIds={rowIds}
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
