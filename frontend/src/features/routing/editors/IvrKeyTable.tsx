import { useId } from 'react';
import { Icon } from '../../../components/Icon';
import { ivrAddKey, ivrRemoveKey, ivrSetKeyType, ivrSetRepeatKey, noMoreKeys } from '../../../domain/ivr';
import { type IvrForm, type IvrKey, type KeyType } from '../../../domain';
import { CategorySelector } from '../selectors/CategorySelector';
import { DestinationPlanSelector } from '../selectors/DestinationPlanSelector';
import { IvrSelector } from '../selectors/IvrSelector';
import { VoicemailSelector } from '../selectors/VoicemailSelector';

/** At most this many keys: 1-9, 0, * and #. */
const NO_REPEAT = 'none';

const KEY_TYPES: [KeyType, string][] = [
  ['routing', 'Destination plan'],
  ['ivr', 'IVR'],
  ['voicemail', 'Voicemail'],
];

/** The field key of the target a key row shows (the repeat key shows keyDestination's message). */
export function targetField(form: IvrForm, index: number): string {
  const option = form.options[index];
  if (!option || (form.repeatKey !== NO_REPEAT && form.repeatKey === option.key)) return `keyDestination[${index}]`;
  switch (option.type) {
    case 'ivr':
      return `keyIvr[${index}]`;
    case 'voicemail':
      return `keyVoicemail[${index}]`;
    default:
      return `keyDestination[${index}]`;
  }
}

const rowKeys = (index: number) => [
  `keyDescription[${index}]`,
  `keyDestination[${index}]`,
  `keyIvr[${index}]`,
  `keyVoicemail[${index}]`,
  `keyCategory[${index}]`,
];

export interface IvrKeyTableProps {
  form: IvrForm;
  /** Every change goes through the domain's key functions or sets one chosen value. */
  update: (change: (form: IvrForm) => IvrForm) => void;
  errorOf: (key: string) => string | undefined;
  touch: (...keys: string[]) => void;
  /** Adding or removing a key renumbers the rows: the server's row messages no longer fit. */
  onRowsChanged: () => void;
  /** The IVR being edited (0 while new): IVRs added from its keys are its child IVRs. */
  ivrId: number;
  disabled: boolean;
}

/** The keys of an IVR: what each key is called, where it leads, its category, and the repeat key. */
export function IvrKeyTable({ form, update, errorOf, touch, onRowsChanged, ivrId, disabled }: IvrKeyTableProps) {
  const radioName = useId();
  const keysError = errorOf('keys');
  const full = noMoreKeys(form.options.length);

  function changeRows(change: (form: IvrForm) => IvrForm) {
    update(change);
    onRowsChanged();
    touch('defaultKey', 'keys');
  }

  return (
    <div className="ivr-keys-editor">
      <div className="table-scroll">
        <table className="ivr-keys" aria-label="Keys">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Description</th>
              <th scope="col">Type</th>
              <th scope="col">Goes to</th>
              <th scope="col">Category</th>
              <th scope="col">Repeat</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.options.map((option, i) => (
              <KeyRow
                key={i}
                index={i}
                option={option}
                repeats={form.repeatKey !== NO_REPEAT && form.repeatKey === option.key}
                radioName={radioName}
                errorOf={errorOf}
                targetError={errorOf(targetField(form, i))}
                ivrId={ivrId}
                disabled={disabled}
                removable={form.options.length > 1}
                onPatch={(patch, field) => {
                  update((current) => ({
                    ...current,
                    options: current.options.map((k, j) => (j === i ? { ...k, ...patch } : k)),
                  }));
                  touch(field);
                }}
                onType={(type) => {
                  update((current) => ivrSetKeyType(current, i, type));
                  touch(...rowKeys(i).slice(1, 4));
                }}
                onRepeat={() => {
                  update((current) => ivrSetRepeatKey(current, option.key));
                  touch(...rowKeys(i).slice(1), 'defaultKey');
                }}
                onRemove={() => changeRows((current) => ivrRemoveKey(current, i))}
              />
            ))}
          </tbody>
        </table>
      </div>
      {keysError && (
        <p className="field-error" role="alert">
          {keysError}
        </p>
      )}
      <div className="ivr-keys-footer">
        <label className="ivr-no-repeat">
          <input
            type="radio"
            name={radioName}
            checked={form.repeatKey === NO_REPEAT || !form.options.some((k) => k.key === form.repeatKey)}
            disabled={disabled}
            onChange={() => {
              update((current) => ivrSetRepeatKey(current, NO_REPEAT));
              touch('defaultKey');
            }}
          />
          No repeat key
        </label>
        <button
          type="button"
          className="button"
          disabled={disabled || full !== undefined || form.hasDeadEnd}
          title={full}
          onClick={() => changeRows(ivrAddKey)}
        >
          <Icon name="add" size={18} /> Add key
        </button>
      </div>
    </div>
  );
}

function KeyRow({
  index,
  option,
  repeats,
  radioName,
  errorOf,
  targetError,
  ivrId,
  disabled,
  removable,
  onPatch,
  onType,
  onRepeat,
  onRemove,
}: {
  index: number;
  option: IvrKey;
  repeats: boolean;
  radioName: string;
  errorOf: (key: string) => string | undefined;
  targetError: string | undefined;
  ivrId: number;
  disabled: boolean;
  removable: boolean;
  onPatch: (patch: Partial<IvrKey>, field: string) => void;
  onType: (type: KeyType) => void;
  onRepeat: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const key = option.key;
  const descriptionError = errorOf(`keyDescription[${index}]`);
  const categoryError = errorOf(`keyCategory[${index}]`);

  let target;
  if (repeats) {
    target = (
      <>
        <p className="field-hint ivr-key-repeats">Repeats the menu</p>
        {targetError && <p className="field-error">{targetError}</p>}
      </>
    );
  } else if (option.type === 'ivr') {
    target = (
      <IvrSelector
        label={`IVR, key ${key}`}
        hideLabel
        value={option.ivrId}
        onChange={(ivr) => onPatch({ ivrId: ivr }, `keyIvr[${index}]`)}
        error={targetError}
        disabled={disabled}
        parentIvrId={ivrId}
      />
    );
  } else if (option.type === 'voicemail') {
    target = (
      <VoicemailSelector
        label={`Voicemail, key ${key}`}
        hideLabel
        value={option.voicemailId}
        onChange={(voicemail) => onPatch({ voicemailId: voicemail }, `keyVoicemail[${index}]`)}
        error={targetError}
        disabled={disabled}
      />
    );
  } else {
    target = (
      <DestinationPlanSelector
        label={`Destination plan, key ${key}`}
        hideLabel
        value={option.destinationId}
        onChange={(plan) => onPatch({ destinationId: plan }, `keyDestination[${index}]`)}
        error={targetError}
        disabled={disabled}
      />
    );
  }

  return (
    <tr>
      <th scope="row" className="ivr-key-label">
        {key}
      </th>
      <td>
        <div className={`field field-inline${descriptionError ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-description`} className="visually-hidden">
            Description, key {key}
          </label>
          <input
            id={`${id}-description`}
            value={option.description}
            disabled={disabled}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${id}-description-error` : undefined}
            onChange={(event) => onPatch({ description: event.target.value }, `keyDescription[${index}]`)}
          />
          {descriptionError && (
            <p id={`${id}-description-error`} className="field-error">
              {descriptionError}
            </p>
          )}
        </div>
      </td>
      <td>
        <div className="field field-inline">
          <label htmlFor={`${id}-type`} className="visually-hidden">
            Type, key {key}
          </label>
          <select
            id={`${id}-type`}
            value={option.type}
            disabled={disabled || repeats}
            onChange={(event) => onType(event.target.value as KeyType)}
          >
            {KEY_TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </td>
      <td className="ivr-key-target">{target}</td>
      <td>
        <CategorySelector
          label={`Category, key ${key}`}
          hideLabel
          noneLabel="None"
          value={option.categoryId}
          error={categoryError}
          onChange={(categoryId) => onPatch({ categoryId }, `keyCategory[${index}]`)}
          disabled={disabled || repeats}
        />
      </td>
      <td className="ivr-key-repeat">
        <label>
          <input type="radio" name={radioName} checked={repeats} disabled={disabled} onChange={onRepeat} />
          <span className="visually-hidden">Repeat, key {key}</span>
        </label>
      </td>
      <td>
        <button
          type="button"
          className="row-action row-action-danger"
          aria-label={`Remove key ${key}`}
          title={`Remove key ${key}`}
          disabled={disabled || !removable}
          onClick={onRemove}
        >
          <Icon name="delete" size={20} />
        </button>
      </td>
    </tr>
  );
}
