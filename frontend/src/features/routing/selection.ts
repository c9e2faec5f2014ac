// The rows picked on /routing, kept in sessionStorage so the connect pages survive a reload
// (per tab, gone when the tab closes).

const KEY = 'calltrack.routing.selected';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveSelection(ids: readonly number[]): void {
  try {
    storage()?.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // Storage full or refused: the connect page then sends the user back to the list.
  }
}

/** The stored row ids (an empty list when none or unreadable). */
export function loadSelection(): number[] {
  try {
    const text = storage()?.getItem(KEY);
    if (!text) return [];
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

export function clearSelection(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
