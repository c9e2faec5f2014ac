import { useMemo } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import { routingExtrasConstants, validateInCallAttribution } from '../../../domain/routing';
import { type InCallAttributionForm } from '../../../domain';
import { saveInCallAttribution, type InCallAttribution } from '../api/extras';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions, type SaveAction } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

export interface InCallAttributionDialogProps {
  open: boolean;
  /** The plan to edit; 0 creates a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the plan's id; the plan list has reloaded. */
  onSaved: (id: number) => void;
}

const KNOWN = new Set([
  'form_description',
  'form_active_flag',
  'form_transfer_type',
  'form_terminator',
  'form_delay_before',
  'form_delay_after',
]);
const known = (key: string) => KNOWN.has(key);

function formOf(plan: InCallAttribution | undefined): InCallAttributionForm {
  if (!plan) {
    // A new plan: active, no transfer type chosen yet, no terminator, no delays.
    return { description: '', active: '1', attributionType: '', terminator: '0', delayBefore: '0', delayAfter: '0' };
  }
  return {
    description: plan.description,
    active: plan.active,
    attributionType: plan.attributionType,
    terminator: plan.terminator,
    delayBefore: plan.delayBefore,
    delayAfter: plan.delayAfter,
  };
}

/** 'Create attribution plan' / 'Edit attribution plan': how a call is attributed while it runs. */
export function InCallAttributionDialog(props: InCallAttributionDialogProps) {
  const library = useRoutingLibrary();
  if (!props.open) return null;
  const title = props.id ? 'Edit attribution plan' : 'Create attribution plan';
  const { attributions } = library;
  if (props.id === 0) return <InCallAttributionEditor {...props} title={title} initial={formOf(undefined)} />;
  if (attributions.status !== 'ready') {
    return <EditorLoadState title={title} failed={attributions.status === 'failed'} onClose={props.onClose} />;
  }
  const record = attributions.items.find((plan) => plan.id === props.id);
  if (!record) return <EditorLoadState title={title} failed onClose={props.onClose} />;
  return <InCallAttributionEditor key={props.id} {...props} title={title} initial={formOf(record)} />;
}

function InCallAttributionEditor({
  id,
  title,
  initial,
  onClose,
  onSaved,
}: InCallAttributionDialogProps & { title: string; initial: InCallAttributionForm }) {
  const library = useRoutingLibrary();
  const constants = useMemo(() => routingExtrasConstants(), []);
  const { content, form, change, errorOf, unplaced, saving, busy, failure, save } = useEditorForm({ noun: 'Attribution plan',
    initial,
    validate: validateInCallAttribution,
    items: library.attributions.items,
    id,
    known,
  });

  function submit(action: SaveAction) {
    void save(
      action,
      async (asNew) => {
        const savedId = await saveInCallAttribution(asNew ? 0 : id, { ...form, description: form.description.trim() });
        await library.reloadAttributions();
        return savedId;
      },
      { done: onSaved },
    );
  }

  const delays = Array.from({ length: constants.attributionDelayMax + 1 }, (_, seconds) => ({
    value: String(seconds),
    label: seconds === 1 ? '1 second' : `${seconds} seconds`,
  }));
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => submit(id ? 'update' : 'save')}
      busy={busy}
      actions={
        <EditorActions
          existing={Boolean(id)}
          saving={saving}
          onCancel={onClose}
          onSaveAsNew={() => submit('saveAsNew')}
        />
      }
    >
      <div ref={content} className="in-call-editor">
        <RecordHistoryLink kind="inCallAttribution" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_description"
          value={form.description}
          error={errorOf('form_description')}
          onChange={(description) => change({ description }, 'form_description')}
          disabled={busy}
        />
        <CheckboxField
          label="Active"
          name="form_active_flag"
          switchRole
          checked={form.active === '1'}
          error={errorOf('form_active_flag')}
          onChange={(checked) => change({ active: checked ? '1' : '0' }, 'form_active_flag')}
          disabled={busy}
        />
        <div className="form-columns">
          <SelectField
            label="Transfer type"
            name="form_transfer_type"
            value={form.attributionType}
            placeholder="Select a transfer type"
            options={constants.transferTypes.map((c) => ({ value: c.id, label: c.label }))}
            error={errorOf('form_transfer_type')}
            onChange={(attributionType) => change({ attributionType }, 'form_transfer_type')}
            disabled={busy}
          />
          <SelectField
            label="Terminator"
            name="form_terminator"
            value={form.terminator}
            options={constants.terminators.map((c) => ({ value: c.id, label: c.label }))}
            error={errorOf('form_terminator')}
            onChange={(terminator) => change({ terminator }, 'form_terminator')}
            disabled={busy}
          />
          <SelectField
            label="Delay before"
            name="form_delay_before"
            value={form.delayBefore}
            options={delays}
            error={errorOf('form_delay_before')}
            onChange={(delayBefore) => change({ delayBefore }, 'form_delay_before')}
            disabled={busy}
          />
          <SelectField
            label="Delay after"
            name="form_delay_after"
            value={form.delayAfter}
            options={delays}
            error={errorOf('form_delay_after')}
            onChange={(delayAfter) => change({ delayAfter }, 'form_delay_after')}
            disabled={busy}
          />
        </div>
      </div>
    </Dialog>
  );
}
