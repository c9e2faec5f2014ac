import { useId, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import type { Described } from '../api/editors';
import { ROUTING_FAILED } from '../editors/messages';
import type { ListStatus } from './RoutingLibrary';

/** The props every routing selector takes (ids are numbers, 0 = none). */
export interface SelectorProps {
  value: number;
  onChange: (id: number) => void;
  label: string;
  disabled?: boolean;
  /** A field message to show under the select (a validation error of the form it sits in). */
  error?: string | null;
  /** The select's form field name. */
  name?: string;
  /** Keeps the label for screen readers only (selectors inside table rows). */
  hideLabel?: boolean;
  /** The label of the id-0 choice (each selector has its own default). */
  noneLabel?: string;
  /** A note under the select, shown while there is no message. */
  hint?: ReactNode;
}

export interface LibrarySelectProps extends SelectorProps {
  /** What one record is called: 'service plan', 'audio'... (button names: 'Add audio'). */
  noun: string;
  options: Described[];
  status: ListStatus;
  onRetry: () => void;
  onAdd: () => void;
  onEdit: () => void;
  /** When set, add and edit are disabled and this says why. */
  unavailable?: string;
  /** More <option>s after the list's, whose values are not record ids (e.g. 'IVR_3'). */
  extraOptions?: ReactNode;
  /** The chosen extra option's value; while set it is the select's value instead of `value`. */
  extraValue?: string;
  /** Called instead of onChange when an extra option (a value not all digits) is chosen. */
  onExtraChange?: (value: string) => void;
  /** What the edit button names, when the chosen record is not a `noun` (e.g. 'DTMF IVR'). */
  editNoun?: string;
  /** More buttons after add and edit (shown to those who may edit the library). */
  extraButtons?: ReactNode;
}

/**
 * A labelled select over one library list, with an add (+) button and an edit button (disabled
 * while nothing is chosen).
 */
export function LibrarySelect({
  value,
  onChange,
  label,
  disabled = false,
  error,
  name,
  hideLabel = false,
  noun,
  options,
  status,
  noneLabel = 'None',
  onRetry,
  onAdd,
  onEdit,
  unavailable,
  extraOptions,
  extraValue,
  onExtraChange,
  editNoun = noun,
  extraButtons,
  hint,
}: LibrarySelectProps) {
  const id = useId();
  // Only administrators with an advanced routing scope change the library (domain routingAccess).
  const canEdit = routingAccess(useAccount().account).canEdit;
  const message = error ?? (status === 'failed' ? ROUTING_FAILED : null);
  const listHasNone = options.some((option) => option.id === 0);
  const selected = extraValue ?? String(value);
  const nothingChosen = extraValue === undefined && value === 0;
  const known = extraValue !== undefined || value === 0 || options.some((option) => option.id === value);
  const loading = status === 'loading';

  return (
    <div className={`field selector${message ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="selector-row">
        <select
          id={id}
          name={name}
          value={selected}
          disabled={disabled || loading}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
          aria-busy={loading || undefined}
          onChange={(event) => {
            const chosen = event.target.value;
            if (onExtraChange && !/^\d+$/.test(chosen)) onExtraChange(chosen);
            else onChange(Number(chosen));
          }}
        >
          {loading ? (
            <option value={selected}>Loading…</option>
          ) : (
            <>
              {!listHasNone && <option value="0">{noneLabel}</option>}
              {options.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.description}
                </option>
              ))}
              {extraOptions}
              {!known && <option value={String(value)}>Unknown {noun} ({value})</option>}
            </>
          )}
        </select>
        {canEdit && (
          <>
            <button
              type="button"
              className="selector-button"
              aria-label={`Add ${noun}`}
              title={unavailable ?? `Add ${noun}`}
              disabled={disabled || loading || unavailable !== undefined}
              onClick={onAdd}
            >
              <Icon name="add" size={20} />
            </button>
            <button
              type="button"
              className="selector-button"
              aria-label={`Edit ${editNoun}`}
              title={unavailable ?? (nothingChosen ? `Choose a ${noun} to edit it` : `Edit ${editNoun}`)}
              disabled={disabled || loading || unavailable !== undefined || nothingChosen}
              onClick={onEdit}
            >
              <Icon name="edit" size={20} />
            </button>
            {extraButtons}
          </>
        )}
      </div>
      {hint && !message && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field-error">
          {message}
          {!error && status === 'failed' && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={onRetry}>
                Retry
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
