import { cellEditable, type Grid } from './userFormState';

export interface PermissionsGridProps {
  label: string;
  grid: Grid;
  /** Shows the per-row select-all column. */
  withSelectAll?: boolean;
  onCell: (customerId: string, permission: string, ticked: boolean) => void;
  onRowAll?: (customerId: string, ticked: boolean) => void;
}

export function PermissionsGrid({ label, grid, withSelectAll = false, onCell, onRowAll }: PermissionsGridProps) {
  return (
    <div className="table-scroll">
      <table className="permissions-grid" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            {withSelectAll && <th scope="col">Select all</th>}
            {grid.columns.map((column) => (
              <th key={column.permission} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => {
            const id = String(row.customerId);
            const anyEditable = grid.columns.some((column) => cellEditable(column, row));
            return (
              <tr key={id}>
                <th scope="row">{row.CustomerName}</th>
                {withSelectAll && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select all for ${row.CustomerName}`}
                      checked={grid.selectAll[id] === true}
                      disabled={!anyEditable}
                      onChange={(event) => onRowAll?.(id, event.target.checked)}
                    />
                  </td>
                )}
                {grid.columns.map((column) => (
                  <td key={column.permission}>
                    <input
                      type="checkbox"
                      aria-label={`${column.label} for ${row.CustomerName}`}
                      checked={row[column.permission] === true}
                      disabled={!cellEditable(column, row)}
                      onChange={(event) => onCell(id, column.permission, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
