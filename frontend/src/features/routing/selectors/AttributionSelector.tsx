import { useMemo, useState } from 'react';
import { DtmfIvrDialog } from '../editors/DtmfIvrDialog';
import { DtmfPlanDialog } from '../editors/DtmfPlanDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** Why the DTMF IVRs are listed but cannot be chosen (the server stores DTMF plan ids only). */
export const DTMF_IVR_NOT_SELECTABLE = 'Only DTMF plans can be chosen here; DTMF IVRs are listed for reference.';

export interface AttributionSelectorProps extends SelectorProps {
  /** Also list the DTMF IVRs (disabled) and offer to add one; true by default. */
  withIvrs?: boolean;
}

/**
 * Post call agent attribution (form_dtmf): a DTMF plan. The add button opens the DTMF plan
 * dialog, edit opens it for the chosen plan; the DTMF IVRs are listed but not selectable.
 */
export function AttributionSelector({ withIvrs = true, ...props }: AttributionSelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  const [addingIvr, setAddingIvr] = useState(false);
  const { items, status } = library.attributionOptions;
  const plans = useMemo(
    () => items.filter((c) => c.kind === 'dtmf').map((c) => ({ id: c.id, description: c.description })),
    [items],
  );
  const ivrs = withIvrs ? items.filter((c) => c.kind === 'dtmfIvr') : [];
  return (
    <>
      <LibrarySelect
        noneLabel="None"
        {...props}
        noun="DTMF plan"
        options={plans}
        status={status}
        onRetry={() => void library.reloadAttributionOptions()}
        onAdd={editor.add}
        onEdit={editor.edit}
        extraOptions={
          ivrs.length > 0 && (
            <optgroup label="DTMF IVRs">
              {ivrs.map((ivr) => (
                <option key={ivr.value} value={ivr.value} disabled title={DTMF_IVR_NOT_SELECTABLE}>
                  {ivr.description}
                </option>
              ))}
            </optgroup>
          )
        }
        extraButtons={
          withIvrs && (
            <button
              type="button"
              className="selector-button selector-button-text"
              aria-label="Add DTMF IVR"
              title="Add DTMF IVR"
              disabled={props.disabled || status === 'loading'}
              onClick={() => setAddingIvr(true)}
            >
              + IVR
            </button>
          )
        }
      />
      {editor.editing !== null && (
        <DtmfPlanDialog
          open
          id={editor.editing}
          onClose={editor.close}
          onSaved={(id) => {
            editor.close();
            props.onChange(id);
          }}
        />
      )}
      {addingIvr && (
        <DtmfIvrDialog open id={0} onClose={() => setAddingIvr(false)} onSaved={() => setAddingIvr(false)} />
      )}
    </>
  );
}
