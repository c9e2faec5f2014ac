import type { Column } from '../../../components/DataTable';
import type { RuleRow } from './api';
import { FIELDS } from './RuleDialog';

const fieldLabel = (field: string) => FIELDS.find((f) => f.value === field)?.label ?? field;

interface RuleActions {
  total: number;
  canEdit: boolean;
  busy: boolean;
  onMove: (rule: RuleRow, direction: 'up' | 'down') => void;
  onEdit: (rule: RuleRow) => void;
  onDelete: (rule: RuleRow) => void;
}

export function ruleColumns({ total, canEdit, busy, onMove, onEdit, onDelete }: RuleActions): Column<RuleRow>[] {
  const columns: Column<RuleRow>[] = [
    {
      id: 'order',
      header: 'Order',
      cell: (rule) => (
        <>
          {rule.position} of {total}
        </>
      ),
    },
    { id: 'field', header: 'Looks at', cell: (rule) => fieldLabel(rule.field) },
    { id: 'rule', header: 'Rule', rowHeader: true, cell: (rule) => rule.description },
  ];
  if (!canEdit) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      cell: (rule) => (
        <span className="row-actions">
          <button
            type="button"
            className="button"
            aria-label={`Move up: ${rule.description}`}
            disabled={busy || rule.position === 1}
            onClick={() => onMove(rule, 'up')}
          >
            Up
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Move down: ${rule.description}`}
            disabled={busy || rule.position === total}
            onClick={() => onMove(rule, 'down')}
          >
            Down
          </button>
          <button type="button" className="button" aria-label={`Edit: ${rule.description}`} onClick={() => onEdit(rule)}>
            Edit
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-label={`Delete: ${rule.description}`}
            onClick={() => onDelete(rule)}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];
}
