import { useEffect, useRef, useState } from 'react';
import type { RowKey } from './DataTable';

/**
 * How many rows are selected and, when some of them are not among the rows shown (on another
 * page, or left out by the search), how many: a selection the user cannot see must not pass unseen.
 */
export function selectedRowsText(selected: readonly RowKey[], shown: readonly RowKey[]): string {
  const onScreen = new Set(shown);
  const unseen = selected.filter((key) => !onScreen.has(key)).length;
  const count = `${selected.length} selected`;
  if (unseen === 0) return count;
  if (selected.length === 1) return `${count}, not shown on this page`;
  if (unseen === selected.length) return `${count}, none of them shown on this page`;
  return `${count}, ${unseen} of them not shown on this page`;
}

/**
 * A table toolbar's note of the selection (a status, so a change is read out) with a 'Clear
 * selection' button that empties it. Once cleared, the note says so and takes the focus, which
 * would otherwise be lost with the button.
 */
export function SelectedRowsNote({
  selected,
  shown,
  onClear,
}: {
  selected: readonly RowKey[];
  /** The keys of the rows the table shows now. */
  shown: readonly RowKey[];
  onClear: () => void;
}) {
  const status = useRef<HTMLSpanElement>(null);
  const [cleared, setCleared] = useState(false);
  const some = selected.length > 0;
  useEffect(() => {
    if (some) setCleared(false);
  }, [some]);

  const text = some ? selectedRowsText(selected, shown) : cleared ? 'Selection cleared' : '';
  return (
    <span className="selected-rows-note">
      <span ref={status} role="status" tabIndex={-1} className="table-selected-count">
        {text}
      </span>
      {some && (
        <button
          type="button"
          className="button"
          onClick={() => {
            onClear();
            setCleared(true);
            status.current?.focus();
          }}
        >
          Clear selection
        </button>
      )}
    </span>
  );
}
