import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Describe, describedBy, type Option } from './fields';
import './searchSelect.css';

/** At most this many matches are listed; typing narrows the rest. */
export const SHOWN_MAX = 50;

/** Lower case without spaces, so "01632960" finds "01632 960 123". */
const folded = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** The options whose label holds every word typed, in their order. */
export function matching(options: Option[], typed: string): Option[] {
  const words = typed.trim().split(/\s+/).filter(Boolean).map(folded);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const label = folded(option.label);
    return words.every((word) => label.includes(word));
  });
}

/**
 * A choice among many (hundreds of numbers): a text box that filters the list as the user types
 * (the WAI-ARIA combobox with a list), arrow keys to move, Enter to choose, Escape to leave it
 * as it was. `placeholder` is the empty choice ("No number"), listed first.
 */
export function SearchSelectField({
  label,
  name,
  value,
  options,
  placeholder,
  onChange,
  error,
  hint,
  disabled,
}: {
  label: string;
  name?: string;
  value: string;
  options: Option[];
  placeholder?: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const chosen = options.find((option) => option.value === value);
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const found = useMemo(() => matching(options, typed ?? ''), [options, typed]);
  const listed: Option[] = [
    ...(placeholder !== undefined && !typed ? [{ value: '', label: placeholder }] : []),
    ...found.slice(0, SHOWN_MAX),
  ];
  const more = found.length - Math.min(found.length, SHOWN_MAX);
  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const choose = (option: Option) => {
    onChange(option.value);
    close();
  };
  const move = (by: number) => {
    setOpen(true);
    setActive((now) => (listed.length === 0 ? 0 : (now + by + listed.length) % listed.length));
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') move(open ? 1 : 0);
    else if (event.key === 'ArrowUp') move(open ? -1 : 0);
    else if (event.key === 'Enter' && open && listed[active]) choose(listed[active]);
    else if (event.key === 'Escape' && open) close();
    else return;
    event.preventDefault();
  };
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div className={`field search-select${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && listed[active] ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        disabled={disabled}
        value={typed ?? chosen?.label ?? ''}
        placeholder={placeholder}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {name && <input type="hidden" name={name} value={value} />}
      <div className="search-select-list" hidden={!open}>
        <ul id={`${id}-list`} role="listbox" aria-label={label}>
          {listed.map((option, i) => (
            <li
              key={option.value}
              id={optionId(i)}
              role="option"
              aria-selected={option.value === value}
              className={i === active ? 'search-select-active' : undefined}
              // Chosen before the text box loses focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {listed.length === 0 && <p className="search-select-note">{`Nothing matches "${typed ?? ''}".`}</p>}
        {more > 0 && <p className="search-select-note">{`${more} more: type to narrow the list.`}</p>}
      </div>
      <Describe id={id} error={error} hint={hint} />
    </div>
  );
}
