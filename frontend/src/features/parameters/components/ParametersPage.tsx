import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { TextField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { validateParameterName } from '../../../domain/services';
import { validationErrors } from '../../../lib/api';
import { useAccount } from '../../../lib/account';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { useLoader } from '../../../lib/useLoader';
import { addParameter, getParameters, parameterPath, removeParameter, type ParameterList, type ParameterRow } from '../api';
import { ADDED, NO_PARAMETERS, PARAMETERS_FAILED, REMOVED, REMOVE_WARNING, SAVE_FAILED } from '../messages';

/** The add form: the domain's rule as typed (once touched), the server's answer on the same field. */
function AddParameterForm({ existing, onAdded }: { existing: string[]; onAdded: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = validateParameterName(name, existing);
  const { errorOf, left, changed, showAllErrors, setServerErrors, reset } = useFieldMessages(errors);

  async function submit(event: FormEvent) {
    event.preventDefault();
    showAllErrors();
    if (saving || errors.parameter) return;
    setSaving(true);
    setServerErrors({});
    setFailure(null);
    try {
      const saved = await addParameter(name);
      setName('');
      reset();
      await onAdded(saved.parameter);
    } catch (failed) {
      const fields = validationErrors(failed);
      if (fields?.parameter) setServerErrors({ parameter: fields.parameter });
      else setFailure(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card add-parameter" aria-label="Add a captured parameter" onSubmit={(e) => void submit(e)}>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label="Parameter name"
        name="parameter"
        value={name}
        onChange={(value) => {
          setName(value);
          changed('parameter');
        }}
        onBlur={() => name !== '' && left('parameter')}
        error={errorOf('parameter')}
        hint="As it appears in your landing page addresses, e.g. utm_term: letters, numbers and underscores."
      />
      <button type="submit" className="button button-primary" disabled={saving}>
        Add parameter
      </button>
    </form>
  );
}

function ParameterTable({ list, onChanged }: { list: ParameterList; onChanged: () => Promise<void> }) {
  const { reload: reloadAccount } = useAccount();
  const [banner, setBanner] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function changed(text: string) {
    setBanner({ kind: 'success', text });
    await Promise.all([onChanged(), reloadAccount()]);
  }

  async function remove(name: string) {
    setBusy(true);
    try {
      await removeParameter(name);
      await changed(REMOVED(name));
    } catch {
      setBanner({ kind: 'error', text: SAVE_FAILED });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const columns: Column<ParameterRow>[] = [
    {
      id: 'name',
      header: 'Parameter',
      cell: (p) => <Link to={parameterPath(p.name)}>{p.name}</Link>,
      sortValue: (p) => p.name.toLowerCase(),
      csv: (p) => p.name,
    },
    { id: 'values', header: 'Values', cell: (p) => p.values, sortValue: (p) => p.values, csv: (p) => p.values },
    { id: 'visits', header: 'Visits', cell: (p) => p.visits, sortValue: (p) => p.visits, csv: (p) => p.visits },
    { id: 'calls', header: 'Calls', cell: (p) => p.calls, sortValue: (p) => p.calls, csv: (p) => p.calls },
    {
      id: 'remove',
      header: 'Remove',
      cell: (p) => (
        <button type="button" className="button button-danger" onClick={() => setRemoving(p.name)} aria-label={`Remove ${p.name}`}>
          Remove
        </button>
      ),
    },
  ];
  return (
    <>
      <ResultBanner outcome={banner} />
      <p>
        The parameters your tracking reads from the landing page's address, with the values seen in the stored visits:
        visits that called are kept with their calls, the others for {list.uncalledVisitsKeptHours} hours.
      </p>
      <AddParameterForm existing={list.parameters.map((p) => p.name)} onAdded={(name) => changed(ADDED(name))} />
      <DataTable
        label="Captured parameters"
        columns={columns}
        rows={list.parameters}
        rowKey={(p) => p.name}
        pageSize={25}
        defaultSort={{ column: 'name', direction: 'asc' }}
        emptyText={NO_PARAMETERS}
        csvFileName="Captured parameters"
      />
      <DeleteConfirmDialog
        open={removing !== null}
        title="Remove parameter"
        message={removing ? REMOVE_WARNING(removing) : ''}
        confirmLabel="Remove"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </>
  );
}

/** /parameters: the captured parameters, added and removed, each with its figures. */
export function ParametersPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getParameters);
  return (
    <LoadedPage title={title} load={load} failedText={PARAMETERS_FAILED}>
      {(list) => <ParameterTable list={list} onChanged={reload} />}
    </LoadedPage>
  );
}
