// The rows picked on /routing (or a campaign's numbers), kept in sessionStorage so the connect
// pages survive a reload (per tab, gone when the tab closes), and their details. A save, a connect
// page's Cancel and the list's Clear selection drop it: it never comes back unseen.
import { apiPost } from './api';
import type { components } from './api-schema.gen';

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

export type SelectedDetails = components['schemas']['SelectionDetails'];

export async function getSelectedDetails(ids: readonly number[]): Promise<SelectedDetails> {
  const answer = await apiPost<SelectedDetails | null>('manageconnections/getSelectedDetails', {
    selected: JSON.stringify(ids),
  });
  return {
    selectionDetails: answer?.selectionDetails ?? [],
    hasOnlyBasicFeatures: answer?.hasOnlyBasicFeatures ?? true,
  };
}

/** Keeps the rows for the connect pages and answers the one for them: basic, or advanced when any needs it. */
export async function connectPageFor(ids: readonly number[]): Promise<string> {
  saveSelection(ids);
  const details = await getSelectedDetails(ids);
  return details.hasOnlyBasicFeatures ? '/routing/numbers' : '/routing/numbers/advanced';
}
