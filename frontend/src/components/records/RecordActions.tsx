import type { ReactNode } from 'react';

/** A row's actions: the feature's own, then Edit (or 'Rename'), hidden while the row is edited in place, and Delete. */
export function RecordActions({
  name,
  editLabel,
  editingHere,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  editLabel: string;
  editingHere: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <span className="row-actions">
      {children}
      {children && ' '}
      {!editingHere && (
        <button type="button" className="button" aria-label={`${editLabel} ${name}`} onClick={onEdit}>
          {editLabel}
        </button>
      )}{' '}
      <button type="button" className="button button-danger" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </button>
    </span>
  );
}
