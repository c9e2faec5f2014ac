import { useMemo } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import { routingExtrasConstants, validateDtmfPlan } from '../../../domain/routing';
import { type DtmfPlanForm } from '../../../domain';
import { useLoader } from '../../../lib/useLoader';
import { getDtmfPlan, saveDtmfPlan } from '../api/extras';
import { AudioSelector } from '../selectors/AudioSelector';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

export interface DtmfPlanDialogProps {
  open: boolean;
  /** The plan to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the plan's id; the attribution options have reloaded. */
  onSaved: (id: number) => void;
}

const KNOWN = new Set([
  'description',
  'introAudio',
  'endAudio',
  'minimumDigits',
  'maximumDigits',
  'initialTimeout',
  'internalTimeout',
  'skipAudio',
]);
const known = (key: string) => KNOWN.has(key);

function newForm(): DtmfPlanForm {
  const constants = routingExtrasConstants();
  return {
    description: '',
    introAudio: 0,
    endAudio: 0,
    minimumDigits: constants.dtmfDigitsMin,
    maximumDigits: constants.dtmfDigitsMin,
    initialTimeout: constants.dtmfTimeoutDefault,
    internalTimeout: constants.dtmfTimeoutDefault,
    skipAudio: false,
  };
}

/** The numbers from..to as select options, with a unit. */
function range(from: number, to: number, unit?: [string, string]) {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => {
    const n = from + i;
    return { value: String(n), label: unit ? `${n} ${n === 1 ? unit[0] : unit[1]}` : String(n) };
  });
}

/** 'Add DTMF plan' / 'Edit DTMF plan': how many digits a caller keys in, and the audio around it. */
export function DtmfPlanDialog(props: DtmfPlanDialogProps) {
  if (!props.open) return null;
  return <DtmfPlanLoader key={props.id} {...props} />;
}

function DtmfPlanLoader(props: DtmfPlanDialogProps) {
  const { id, onClose } = props;
  const [load] = useLoader(id > 0 ? () => getDtmfPlan(id) : null, [id]);
  if (id === 0) return <DtmfPlanEditor {...props} initial={newForm()} />;
  if (load.status !== 'ready') {
    return <EditorLoadState title="Edit DTMF plan" failed={load.status === 'failed'} onClose={onClose} />;
  }
  return <DtmfPlanEditor {...props} initial={load.data} />;
}

function DtmfPlanEditor({ id, initial, onClose, onSaved }: DtmfPlanDialogProps & { initial: DtmfPlanForm }) {
  const library = useRoutingLibrary();
  const constants = useMemo(() => routingExtrasConstants(), []);
  const { content, form, change, errorOf, unplaced, busy, failure, save } = useEditorForm({ noun: 'DTMF plan',
    initial,
    validate: validateDtmfPlan,
    id,
    known,
  });

  function submit() {
    void save(
      id ? 'update' : 'save',
      async () => {
        const savedId = await saveDtmfPlan(id, { ...form, description: form.description.trim() });
        await library.reloadAttributionOptions();
        return savedId;
      },
      { done: onSaved },
    );
  }

  const digits = range(constants.dtmfDigitsMin, constants.dtmfDigitsMax);
  const seconds = range(constants.dtmfTimeoutMin, constants.dtmfTimeoutMax, ['second', 'seconds']);
  return (
    <Dialog
      open
      title={id ? 'Edit DTMF plan' : 'Add DTMF plan'}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      actions={<EditorActions existing={Boolean(id)} saving={busy} onCancel={onClose} />}
    >
      <div ref={content} className="dtmf-editor">
        <RecordHistoryLink kind="dtmfPlan" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="description"
          value={form.description}
          error={errorOf('description')}
          onChange={(description) => change({ description }, 'description')}
          disabled={busy}
        />
        <div className="form-columns">
          <AudioSelector
            label="Intro audio"
            name="introAudio"
            value={form.introAudio}
            error={errorOf('introAudio')}
            onChange={(introAudio) => change({ introAudio }, 'introAudio')}
            disabled={busy}
          />
          <AudioSelector
            label="End audio"
            name="endAudio"
            value={form.endAudio}
            error={errorOf('endAudio')}
            onChange={(endAudio) => change({ endAudio }, 'endAudio')}
            disabled={busy}
          />
          <SelectField
            label="Minimum digits"
            name="minimumDigits"
            value={String(form.minimumDigits)}
            options={digits}
            error={errorOf('minimumDigits')}
            // The two limits are checked together: changing either re-checks both.
            onChange={(value) => change({ minimumDigits: Number(value) }, 'minimumDigits', 'maximumDigits')}
            disabled={busy}
          />
          <SelectField
            label="Maximum digits"
            name="maximumDigits"
            value={String(form.maximumDigits)}
            options={digits}
            error={errorOf('maximumDigits')}
            onChange={(value) => change({ maximumDigits: Number(value) }, 'minimumDigits', 'maximumDigits')}
            disabled={busy}
          />
          <SelectField
            label="Initial key timeout"
            name="initialTimeout"
            value={String(form.initialTimeout)}
            options={seconds}
            error={errorOf('initialTimeout')}
            onChange={(value) => change({ initialTimeout: Number(value) }, 'initialTimeout')}
            disabled={busy}
          />
          <SelectField
            label="Inter key timeout"
            name="internalTimeout"
            value={String(form.internalTimeout)}
            options={seconds}
            error={errorOf('internalTimeout')}
            onChange={(value) => change({ internalTimeout: Number(value) }, 'internalTimeout')}
            disabled={busy}
          />
        </div>
        <CheckboxField
          label="Skip audio"
          name="skipAudio"
          switchRole
          checked={form.skipAudio}
          error={errorOf('skipAudio')}
          onChange={(skipAudio) => change({ skipAudio }, 'skipAudio')}
          disabled={busy}
        />
      </div>
    </Dialog>
  );
}
