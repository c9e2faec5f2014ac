// What the routing list and the two connect pages share: messages, row names and the small
// labelled controls that sit in table cells.
import { useId, type ReactNode } from 'react';
import { formatNumber, type NumberFormat } from '../../../domain';
import { withContact } from '../../../lib/contact';
import type { RowKind } from '../api/rows';

export const PROVISIONED_MESSAGE = 'Success! The numbers will be provisioned shortly.';

const ROUTING_ERROR_TEMPLATE =
  'Something went wrong. Please try again or contact us at {phone} or via email at {email}.';

/** The spec's routing failure message (section 8), with the contact details filled in. */
export function routingError(): string {
  return withContact(ROUTING_ERROR_TEMPLATE);
}

/** Router state carrying a message for /routing to show once (e.g. after a connect). */
export interface RoutingNoticeState {
  notice: string;
}

/** How a row is named on screen: a static number in the account's format, else the pool name. */
export function rowName(kind: RowKind, numberPool: string, format: NumberFormat): string {
  return kind === 'static' ? formatNumber(numberPool, format) || numberPool : numberPool;
}

export function kindLabel(kind: RowKind): string {
  return kind === 'static' ? 'Static' : 'Dynamic pool';
}

function CellError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="field-error cell-error">
      {error}
    </p>
  ) : null;
}

/** A text input in a table cell; its label is only for assistive technology. */
export function CellText({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  type = 'text',
  inputMode,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
  type?: 'text' | 'tel' | 'url';
  inputMode?: 'text' | 'tel' | 'numeric' | 'url';
  placeholder?: string;
}) {
  const errorId = useId();
  return (
    <div className={`cell-field${error ? ' field-invalid' : ''}`}>
      <input
        type={type}
        name={name}
        aria-label={label}
        value={value}
        disabled={disabled}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <CellError id={errorId} error={error} />
    </div>
  );
}

/** An on/off switch in a table cell. */
export function CellSwitch({
  label,
  name,
  checked,
  onChange,
  error,
  disabled,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const errorId = useId();
  return (
    <div className={`cell-field cell-switch${error ? ' field-invalid' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        name={name}
        aria-label={label}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span aria-hidden="true" className="cell-switch-state">
        {checked ? 'On' : 'Off'}
      </span>
      <CellError id={errorId} error={error} />
    </div>
  );
}

/** A select of plain string choices in a table cell. */
export function CellSelect({
  label,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const errorId = useId();
  return (
    <div className={`cell-field${error ? ' field-invalid' : ''}`}>
      <select
        name={name}
        aria-label={label}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {!options.includes(value) && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <CellError id={errorId} error={error} />
    </div>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="section-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/** Drops the keys from an errors object (answers the same object when none were there). */
export function without(errors: Record<string, string>, keys: readonly string[]): Record<string, string> {
  if (!keys.some((key) => key in errors)) return errors;
  const rest = { ...errors };
  for (const key of keys) delete rest[key];
  return rest;
}
