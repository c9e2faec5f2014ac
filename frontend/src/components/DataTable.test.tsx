import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { AddButton } from '../domain';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { DataTable, pageWindow, ROWS_PER_PAGE, type Column, type RowKey } from './DataTable';

interface Item {
  id: number;
  name: string;
}

const columns: Column<Item>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name, csv: (row) => row.name },
];

const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Item ${String(i + 1).padStart(3, '0')}` }));

function Selectable({ rows, onSelected }: { rows: Item[]; onSelected?: (keys: RowKey[]) => void }) {
  const [selected, setSelected] = useState<RowKey[]>([]);
  return (
    <DataTable
      label="Items"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      pageSize={10}
      pageSizeOptions={ROWS_PER_PAGE}
      defaultSort={{ column: 'name', direction: 'asc' }}
      searchText={(row) => row.name}
      emptyText="Nothing here."
      selection={{
        selected,
        onChange: (keys) => {
          setSelected(keys);
          onSelected?.(keys);
        },
        rowLabel: (row) => `Select ${row.name}`,
      }}
    />
  );
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row').slice(1);

describe('DataTable', () => {
  test('page window shows at most six pages around the current one', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 20)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(pageWindow(19, 20)).toEqual([14, 15, 16, 17, 18, 19]);
  });

  test('rows per page offers 10, 25, 50, 100, 200 and All', async () => {
    const user = userEvent.setup();
    render(<Selectable rows={items(230)} />);
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
      '200',
      'All',
    ]);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('230 record(s)')).toBeInTheDocument();
    // Six numbered page buttons out of 23 pages.
    const paging = screen.getByRole('navigation', { name: 'Items pages' });
    expect(within(paging).getAllByRole('button', { name: /^Go to page/ })).toHaveLength(6);

    await user.selectOptions(size, '25');
    expect(bodyRows()).toHaveLength(25);
    await user.selectOptions(size, 'All');
    expect(bodyRows()).toHaveLength(230);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  test('numbered page buttons move to that page and mark it current', async () => {
    const user = userEvent.setup();
    render(<Selectable rows={items(35)} />);
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(bodyRows()[0]).toHaveTextContent('Item 021');
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Page 3 of 4')).toBeInTheDocument();
  });

  test('row checkboxes and select-all-on-page report the selected keys to the parent', async () => {
    const user = userEvent.setup();
    const onSelected = vi.fn();
    render(<Selectable rows={items(15)} onSelected={onSelected} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Item 002' }));
    expect(onSelected).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('checkbox', { name: 'Select Item 002' })).toBeChecked();
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    await user.click(all);
    expect(onSelected.mock.lastCall?.[0]).toHaveLength(10);
    expect(all).toBeChecked();

    // Next page: select-all covers that page only, the first page's selection stays.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelected.mock.lastCall?.[0]).toHaveLength(15);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelected.mock.lastCall?.[0]).toHaveLength(10);
  });

  test('without selection there is no checkbox column; without options no page-size select', () => {
    render(
      <DataTable
        label="Items"
        columns={columns}
        rows={items(3)}
        rowKey={(row) => row.id}
        pageSize={20}
        defaultSort={{ column: 'name', direction: 'asc' }}
        emptyText="Nothing here."
      />,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Go to page/ })).not.toBeInTheDocument();
  });

  test('a remote table without search shows no search field', () => {
    render(
      <DataTable
        label="Items"
        columns={columns}
        rows={items(3)}
        remote={{ total: 3, loading: false, onQuery: () => {} }}
        rowKey={(row) => row.id}
        pageSize={20}
        defaultSort={{ column: 'name', direction: 'asc' }}
        emptyText="Nothing here."
        searchable={false}
      />,
    );
    expect(screen.getByRole('table', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  test('csvRows exports fetched rows under the given header', async () => {
    const user = userEvent.setup();
    let blob: Blob | null = null;
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = (b: Blob) => {
      blob = b;
      return 'blob:csv';
    };
    urls.revokeObjectURL = () => {};
    onTestFinished(() => {
      delete urls.createObjectURL;
      delete urls.revokeObjectURL;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    render(
      <DataTable
        label="Items"
        columns={columns}
        rows={items(3)}
        rowKey={(row) => row.id}
        pageSize={20}
        defaultSort={{ column: 'name', direction: 'asc' }}
        emptyText="Nothing here."
        csvFileName="x.csv"
        csvHeader={['A', 'B']}
        csvRows={async () => [['1', '2']]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const text = await blob!.text();
    expect(text.replace(/^\uFEFF/, '')).toBe('"A","B"\r\n"1","2"\r\n');
  });

  test('rows per page are kept in this browser for each table', async () => {
    const table = (storageKey: string) => (
      <DataTable
        label="Items"
        columns={columns}
        rows={items(60)}
        rowKey={(row) => row.id}
        pageSize={10}
        pageSizeOptions={ROWS_PER_PAGE}
        defaultSort={{ column: 'name', direction: 'asc' }}
        emptyText="Nothing here."
        storageKey={storageKey}
      />
    );
    const first = render(table('items'));
    await userEvent.setup().selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(bodyRows()).toHaveLength(25);
    first.unmount();
    const again = render(table('items'));
    expect(bodyRows()).toHaveLength(25);
    again.unmount();
    render(table('other'));
    expect(bodyRows()).toHaveLength(10);
  });

  test('the add button follows the domain rule', () => {
    const withAdd = (rule: AddButton) => (
      <MemoryRouter>
        <DataTable
          label="Items"
          columns={columns}
          rows={items(1)}
          rowKey={(row) => row.id}
          pageSize={10}
          defaultSort={{ column: 'name', direction: 'asc' }}
          emptyText="Nothing here."
          add={{ label: 'Add item', to: '/items/0', rule }}
        />
      </MemoryRouter>
    );
    const shown = render(withAdd({ isAdministrator: true, isGroupAccount: false }));
    expect(screen.getByRole('link', { name: 'Add item' })).toHaveAttribute('href', '/items/0');
    shown.unmount();
    const full = render(withAdd({ isAdministrator: true, isGroupAccount: false, used: 5, total: 5 }));
    expect(screen.queryByRole('link', { name: 'Add item' })).not.toBeInTheDocument();
    full.unmount();
    render(withAdd({ isAdministrator: false, isGroupAccount: false }));
    expect(screen.queryByRole('link', { name: 'Add item' })).not.toBeInTheDocument();
  });

  test('a plain table shows every row in the given order, with no toolbar or paging', () => {
    const named: Column<Item>[] = [
      { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
      { id: 'open', header: 'Open', cell: (row) => <button type="button">Open {row.name}</button>, hiddenHeader: true },
    ];
    const rows = items(30).reverse();
    render(<DataTable plain label="Items" columns={named} rows={rows} rowKey={(row) => row.id} emptyText="Nothing here." />);
    expect(bodyRows()).toHaveLength(30);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)[0]).toBe('Item 030');
    expect(screen.getByRole('columnheader', { name: 'Open' }).firstElementChild).toHaveClass('visually-hidden');
    expect(screen.queryByText('30 record(s)')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  test('a plain table with no rows is its empty text alone', () => {
    render(<DataTable plain label="Items" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="Nothing here." />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
  });

  test('a shown label is the caption; a scroll label names the scroll region', () => {
    render(
      <DataTable
        plain
        labelShown
        scrollLabel="Items table"
        label="Items"
        columns={columns}
        rows={items(2)}
        rowKey={(row) => row.id}
        emptyText="Nothing here."
      />,
    );
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getByText('Items', { selector: 'caption' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items table' })).toContainElement(table);
  });

  test("columns' footers make the table's foot, its cells named by their headers when rows are cards", () => {
    const counted: Column<Item>[] = [
      { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true, sortValue: (row) => row.name, footer: 'Total' },
      { id: 'id', header: 'Number', cell: (row) => row.id, sortValue: (row) => row.id, footer: 3 },
      { id: 'open', header: 'Open', cell: (row) => <button type="button">Open {row.name}</button>, hiddenHeader: true, footer: null },
    ];
    render(<DataTable plain cards label="Items" columns={counted} rows={items(2)} rowKey={(row) => row.id} emptyText="Nothing here." />);
    const foot = screen.getByRole('table', { name: 'Items' }).querySelector('tfoot')!;
    expect(within(foot).getByRole('rowheader')).toHaveTextContent('Total');
    expect(within(foot).getAllByRole('cell').map((cell) => [cell.textContent, cell.dataset.label])).toEqual([
      ['3', 'Number'],
      ['', undefined],
    ]);
    expect(bodyRows()[0].querySelector('td')).toHaveAttribute('data-label', 'Number');
  });
});
