import { useId, useMemo } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { Icon } from '../../../components/Icon';
import { routingExtrasConstants, validateDtmfIvr } from '../../../domain/routing';
import { type DtmfIvrForm, type DtmfIvrKey } from '../../../domain';
import { useLoader } from '../../../lib/useLoader';
import { getDtmfIvr, storeDtmfIvr } from '../api/extras';
import { DtmfPlanSelector } from '../selectors/AttributionSelector';
import { AudioSelector } from '../selectors/AudioSelector';
import { CategorySelector } from '../selectors/CategorySelector';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

export interface DtmfIvrDialogProps {
  open: boolean;
  /** The DTMF IVR to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the DTMF IVR's id; the attribution options have reloaded. */
  onSaved: (id: number) => void;
}

const TOP_FIELDS = new Set(['description', 'introAudioId', 'endAudioId', 'keys']);
const ROW_FIELD = /^(keyDescription|keyCategoryId|keyDtmfId)\[(\d+)\]$/;

/** Top fields, and row fields of rows the form has (a removed row's messages go to the banner). */
function known(key: string, form: DtmfIvrForm) {
  if (TOP_FIELDS.has(key)) return true;
  const match = ROW_FIELD.exec(key);
  return match !== null && Number(match[2]) < form.keys.length;
}

const blankKey = (): DtmfIvrKey => ({ description: '', categoryId: 0, dtmfId: 0 });

/** 'Add DTMF IVR' / 'Edit DTMF IVR': keys a caller presses, each with a category and a DTMF plan. */
export function DtmfIvrDialog(props: DtmfIvrDialogProps) {
  if (!props.open) return null;
  return <DtmfIvrLoader key={props.id} {...props} />;
}

function DtmfIvrLoader(props: DtmfIvrDialogProps) {
  const { id, onClose } = props;
  const [load] = useLoader(id > 0 ? () => getDtmfIvr(id) : null, [id]);
  if (id === 0) {
    return <DtmfIvrEditor {...props} initial={{ description: '', introAudioId: 0, endAudioId: 0, keys: [blankKey()] }} />;
  }
  if (load.status !== 'ready') {
    return <EditorLoadState title="Edit DTMF IVR" failed={load.status === 'failed'} onClose={onClose} />;
  }
  const initial = load.data.keys.length > 0 ? load.data : { ...load.data, keys: [blankKey()] };
  return <DtmfIvrEditor {...props} initial={initial} />;
}

function DtmfIvrEditor({ id, initial, onClose, onSaved }: DtmfIvrDialogProps & { initial: DtmfIvrForm }) {
  const library = useRoutingLibrary();
  const constants = useMemo(() => routingExtrasConstants(), []);
  const keysHint = useId();
  const { content, form, setForm, change, errorOf, touch, setServerErrors, unplaced, busy, failure, save } =
    useEditorForm({ noun: 'DTMF IVR', initial, validate: validateDtmfIvr, id, known });

  function changeKey(index: number, patch: Partial<DtmfIvrKey>, ...keys: string[]) {
    setForm((current) => ({ ...current, keys: current.keys.map((key, i) => (i === index ? { ...key, ...patch } : key)) }));
    touch(...keys);
  }

  function setKeys(keys: DtmfIvrKey[]) {
    setForm((current) => ({ ...current, keys }));
    // Row messages name rows by position: after an add or a remove they point elsewhere.
    setServerErrors({});
    touch('keys', 'endAudioId');
  }

  function submit() {
    void save(
      id ? 'update' : 'save',
      async () => {
        const savedId = await storeDtmfIvr(id, {
          ...form,
          description: form.description.trim(),
          keys: form.keys.map((key) => ({ ...key, description: key.description.trim() })),
        });
        await library.reloadAttributionOptions();
        return savedId;
      },
      { done: onSaved },
    );
  }

  const maxKeys = constants.dtmfIvrKeys.length;
  const keysError = errorOf('keys');
  return (
    <Dialog
      open
      title={id ? 'Edit DTMF IVR' : 'Add DTMF IVR'}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      actions={<EditorActions existing={Boolean(id)} saving={busy} onCancel={onClose} />}
    >
      <div ref={content} className="dtmf-editor">
        <RecordHistoryLink kind="dtmfIvr" id={id} />
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
            name="introAudioId"
            value={form.introAudioId}
            error={errorOf('introAudioId')}
            onChange={(introAudioId) => change({ introAudioId }, 'introAudioId')}
            disabled={busy}
          />
          <AudioSelector
            label="End audio"
            name="endAudioId"
            value={form.endAudioId}
            error={errorOf('endAudioId')}
            onChange={(endAudioId) => change({ endAudioId }, 'endAudioId')}
            disabled={busy}
          />
        </div>
        <div className="table-scroll">
          <table className="dtmf-keys" aria-label="Keys" aria-describedby={keysError ? keysHint : undefined}>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Description</th>
                <th scope="col">Category</th>
                <th scope="col">DTMF plan</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {form.keys.map((key, i) => {
                const label = constants.dtmfIvrKeys[i] ?? String(i + 1);
                return (
                  <tr key={i}>
                    <th scope="row">{label}</th>
                    <td>
                      <KeyDescription
                        keyLabel={label}
                        value={key.description}
                        error={errorOf(`keyDescription[${i}]`)}
                        onChange={(description) => changeKey(i, { description }, `keyDescription[${i}]`)}
                        disabled={busy}
                      />
                    </td>
                    <td>
                      <CategorySelector
                        label={`Category, key ${label}`}
                        hideLabel
                        value={key.categoryId}
                        error={errorOf(`keyCategoryId[${i}]`)}
                        onChange={(categoryId) => changeKey(i, { categoryId }, `keyCategoryId[${i}]`)}
                        disabled={busy}
                      />
                    </td>
                    <td>
                      <DtmfPlanSelector
                        label={`DTMF plan, key ${label}`}
                        hideLabel
                        value={key.dtmfId}
                        error={errorOf(`keyDtmfId[${i}]`)}
                        onChange={(dtmfId) => changeKey(i, { dtmfId }, `keyDtmfId[${i}]`, 'endAudioId')}
                        disabled={busy}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="row-action row-action-danger"
                        aria-label={`Remove key ${label}`}
                        title={`Remove key ${label}`}
                        disabled={busy || form.keys.length === 1}
                        onClick={() => setKeys(form.keys.filter((_, j) => j !== i))}
                      >
                        <Icon name="delete" size={20} />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {keysError && (
          <p id={keysHint} className="field-error">
            {keysError}
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={busy || form.keys.length >= maxKeys}
          title={form.keys.length >= maxKeys ? `At most ${maxKeys} keys` : undefined}
          onClick={() => setKeys([...form.keys, blankKey()])}
        >
          <Icon name="add" size={18} /> Add key
        </button>
      </div>
    </Dialog>
  );
}

function KeyDescription({
  keyLabel,
  value,
  error,
  onChange,
  disabled,
}: {
  keyLabel: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className={`field field-inline${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        Description, key {keyLabel}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
