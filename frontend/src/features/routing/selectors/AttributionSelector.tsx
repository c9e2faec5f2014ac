import { useMemo, useState } from 'react';
import { attributionOf, attributionValue } from '../api/extras';
import { DtmfIvrDialog } from '../editors/DtmfIvrDialog';
import { DtmfPlanDialog } from '../editors/DtmfPlanDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** The DTMF plans of the attribution options, as select options. */
function useDtmfPlans() {
  const { items } = useRoutingLibrary().attributionOptions;
  return useMemo(
    () => items.filter((c) => c.kind === 'dtmf').map((c) => ({ id: c.id, description: c.description })),
    [items],
  );
}

/**
 * A DTMF plan (a DTMF IVR key's plan): the add button opens the DTMF plan dialog, edit opens it
 * for the chosen plan.
 */
export function DtmfPlanSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  const plans = useDtmfPlans();
  return (
    <>
      <LibrarySelect
        noneLabel="None"
        {...props}
        noun="DTMF plan"
        options={plans}
        status={library.attributionOptions.status}
        onRetry={() => void library.reloadAttributionOptions()}
        onAdd={editor.add}
        onEdit={editor.edit}
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
    </>
  );
}

export interface AttributionSelectorProps extends Omit<SelectorProps, 'value' | 'onChange'> {
  /** The form_dtmf value: '0' (none), a DTMF plan's id ('12') or a DTMF IVR's ('IVR_3'). */
  value: string;
  onChange: (value: string) => void;
}

/** Which dialog is open: a DTMF plan or a DTMF IVR (id 0 for a new one). */
type Editing = { kind: 'dtmf' | 'dtmfIvr'; id: number } | null;

/**
 * Post call agent attribution (form_dtmf): a DTMF plan or a DTMF IVR. The add button opens the
 * DTMF plan dialog and '+ IVR' the DTMF IVR dialog; edit opens the dialog of the chosen one.
 * What a dialog saves becomes the choice.
 */
export function AttributionSelector({ value, onChange, ...props }: AttributionSelectorProps) {
  const library = useRoutingLibrary();
  const [editing, setEditing] = useState<Editing>(null);
  const { items, status } = library.attributionOptions;
  const plans = useDtmfPlans();
  const ivrs = items.filter((c) => c.kind === 'dtmfIvr');
  const { dtmf, dtmfIvr } = attributionOf(value);
  const chosenIvr = dtmfIvr > 0 ? attributionValue({ dtmf: 0, dtmfIvr }) : undefined;
  const unknownIvr = chosenIvr !== undefined && !ivrs.some((ivr) => ivr.value === chosenIvr);
  const close = () => setEditing(null);
  return (
    <>
      <LibrarySelect
        noneLabel="None"
        {...props}
        value={dtmf}
        onChange={(id) => onChange(attributionValue({ dtmf: id, dtmfIvr: 0 }))}
        extraValue={chosenIvr}
        onExtraChange={onChange}
        noun="DTMF plan"
        editNoun={chosenIvr ? 'DTMF IVR' : 'DTMF plan'}
        options={plans}
        status={status}
        onRetry={() => void library.reloadAttributionOptions()}
        onAdd={() => setEditing({ kind: 'dtmf', id: 0 })}
        onEdit={() => setEditing(chosenIvr ? { kind: 'dtmfIvr', id: dtmfIvr } : { kind: 'dtmf', id: dtmf })}
        extraOptions={
          (ivrs.length > 0 || unknownIvr) && (
            <optgroup label="DTMF IVRs">
              {ivrs.map((ivr) => (
                <option key={ivr.value} value={ivr.value}>
                  {ivr.description}
                </option>
              ))}
              {unknownIvr && <option value={chosenIvr}>Unknown DTMF IVR ({dtmfIvr})</option>}
            </optgroup>
          )
        }
        extraButtons={
          <button
            type="button"
            className="selector-button selector-button-text"
            aria-label="Add DTMF IVR"
            title="Add DTMF IVR"
            disabled={props.disabled || status === 'loading'}
            onClick={() => setEditing({ kind: 'dtmfIvr', id: 0 })}
          >
            + IVR
          </button>
        }
      />
      {editing?.kind === 'dtmf' && (
        <DtmfPlanDialog
          open
          id={editing.id}
          onClose={close}
          onSaved={(id) => {
            close();
            onChange(attributionValue({ dtmf: id, dtmfIvr: 0 }));
          }}
        />
      )}
      {editing?.kind === 'dtmfIvr' && (
        <DtmfIvrDialog
          open
          id={editing.id}
          onClose={close}
          onSaved={(id) => {
            close();
            onChange(attributionValue({ dtmf: 0, dtmfIvr: id }));
          }}
        />
      )}
    </>
  );
}
