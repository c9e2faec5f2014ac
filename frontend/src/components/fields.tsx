import { useId, type ReactNode } from 'react';

interface FieldBase {
  label: string;
  name?: string;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  onBlur?: () => void;
}

/** A field's hint, or its error in the hint's place. */
export function Describe({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

export const describedBy = (id: string, error?: string | null, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  hint,
  disabled,
  readOnly,
  type = 'text',
  autoComplete,
  inputMode,
}: FieldBase & {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** 'date': the browser's date picker; the value is YYYY-MM-DD whatever the display. */
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'datetime-local';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <Describe id={id} error={error} hint={hint} />
    </div>
  );
}

/** A multi-line text field (one entry a line), with its label, hint and error. */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  hint,
  disabled,
  rows = 4,
}: FieldBase & { value: string; onChange: (value: string) => void; rows?: number }) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <Describe id={id} error={error} hint={hint} />
    </div>
  );
}

/** A file input with its label, hint and error; `onChange` gets the chosen file (or null). */
export function FileField({
  label,
  name,
  accept,
  onChange,
  error,
  hint,
  disabled,
}: FieldBase & { accept?: string; onChange: (file: File | null) => void }) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <Describe id={id} error={error} hint={hint} />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  name,
  value,
  options,
  placeholder,
  onChange,
  onBlur,
  error,
  hint,
  disabled,
}: FieldBase & {
  value: string;
  options: Option[];
  /** A first, empty choice (shown while nothing is chosen). */
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const known = options.some((option) => option.value === value);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={known ? value : ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {(placeholder !== undefined || !known) && <option value="">{placeholder ?? ''}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Describe id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  error,
  hint,
  disabled,
  switchRole = false,
  children,
}: FieldBase & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Rendered as an on/off switch. */
  switchRole?: boolean;
  /** Extra content after the label, outside it (e.g. a link). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field field-check${error ? ' field-invalid' : ''}`}>
      <div className="field-check-row">
        <input
          id={id}
          name={name}
          type="checkbox"
          role={switchRole ? 'switch' : undefined}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
        {children}
      </div>
      <Describe id={id} error={error} hint={hint} />
    </div>
  );
}

/** A group of tickboxes for one field (a list of values), with its legend, hint and error. */
export function CheckboxGroupField({
  label,
  name,
  values,
  options,
  onChange,
  error,
  hint,
  disabled,
}: FieldBase & {
  values: string[];
  options: Option[];
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className={`field field-group${error ? ' field-invalid' : ''}`}
      aria-describedby={describedBy(id, error, hint)}
    >
      <legend>{label}</legend>
      {options.map((option) => (
        <div key={option.value} className="field-check-row">
          <input
            id={`${id}-${option.value}`}
            name={name}
            type="checkbox"
            value={option.value}
            checked={values.includes(option.value)}
            disabled={disabled}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? options.map((o) => o.value).filter((v) => v === option.value || values.includes(v))
                  : values.filter((v) => v !== option.value),
              )
            }
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
        </div>
      ))}
      <Describe id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** One choice of several as radio buttons (arrow keys move between them), with its legend, hint and error. */
export function RadioGroupField({
  label,
  name,
  value,
  options,
  onChange,
  error,
  hint,
  disabled,
}: FieldBase & {
  name: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className={`field field-group field-radios${error ? ' field-invalid' : ''}`}
      aria-describedby={describedBy(id, error, hint)}
      aria-invalid={error ? true : undefined}
    >
      <legend>{label}</legend>
      <div className="field-radio-row">
        {options.map((option) => (
          <span key={option.value} className="field-check-row">
            <input
              id={`${id}-${option.value}`}
              name={name}
              type="radio"
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </span>
        ))}
      </div>
      <Describe id={id} error={error} hint={hint} />
    </fieldset>
  );
}
