import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { LoadedPage } from '../../../components/LoadedPage';
import { useLoader } from '../../../lib/useLoader';
import { getValues, valuePath, type ValueRow } from '../api';
import { NO_VALUES, VALUES_FAILED } from '../messages';

/** /parameter/{p}: the values the parameter brought, with their visits and calls. */
export function ParameterValuesPage({ title, parameter }: { title: string; parameter: string }) {
  const [load] = useLoader(() => getValues(parameter), [parameter]);
  const columns: Column<ValueRow>[] = [
    {
      id: 'value',
      header: 'Value',
      cell: (v) => <Link to={valuePath(parameter, v.value)}>{v.value}</Link>,
      sortValue: (v) => v.value.toLowerCase(),
      csv: (v) => v.value,
    },
    { id: 'visits', header: 'Visits', cell: (v) => v.visits, sortValue: (v) => v.visits, csv: (v) => v.visits },
    { id: 'calls', header: 'Calls', cell: (v) => v.calls, sortValue: (v) => v.calls, csv: (v) => v.calls },
  ];
  return (
    <LoadedPage title={`${title}: ${parameter}`} load={load} failedText={VALUES_FAILED}>
      {(data) => (
        <>
          <p>
            <Link to="/parameters">Parameters</Link> › {data.parameter}
          </p>
          <DataTable
            label={`Values of ${data.parameter}`}
            columns={columns}
            rows={data.values}
            rowKey={(v) => v.value}
            pageSize={25}
            defaultSort={{ column: 'visits', direction: 'desc' }}
            searchText={(v) => v.value}
            emptyText={NO_VALUES}
            csvFileName={`${data.parameter} values`}
          />
        </>
      )}
    </LoadedPage>
  );
}
