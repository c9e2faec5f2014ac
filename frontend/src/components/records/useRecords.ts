import { useState } from 'react';
import type { Outcome } from '../ResultBanner';

/** A delete to confirm: the question, the delete itself (resolving with what it did, in words), and the words for a failure. */
export interface DeleteRequest {
  message: string;
  run: () => Promise<string>;
  failed: (error: unknown) => string;
}

/**
 * The state of a list of records: which record's editor is open (row null: a new one), the
 * delete waiting for its confirmation, and the outcome of the last action.
 */
export function useRecords<T>(reload: () => Promise<void>, onClose: () => void = () => {}) {
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<DeleteRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function edit(row: T | null) {
    setOutcome(null);
    setEditing({ row });
  }

  function close() {
    setEditing(null);
    onClose();
  }

  /** Something was done: says so and loads the list again. */
  function succeeded(text: string) {
    setOutcome({ kind: 'success', text });
    void reload();
  }

  /** The editor saved: it closes, and the page says so. */
  function saved(text: string) {
    close();
    succeeded(text);
  }

  function askDelete(request: DeleteRequest) {
    setOutcome(null);
    setDeleting(request);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      setOutcome({ kind: 'success', text: await deleting.run() });
      await reload();
    } catch (error) {
      setOutcome({ kind: 'error', text: deleting.failed(error) });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return {
    editing,
    edit,
    close,
    saved,
    succeeded,
    deleting,
    askDelete,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    busy,
    outcome,
    setOutcome,
    reload,
  };
}

export type Records<T> = ReturnType<typeof useRecords<T>>;
