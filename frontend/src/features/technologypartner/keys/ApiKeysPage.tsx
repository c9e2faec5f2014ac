import { useState } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { getApiKeys, revokeApiKey, type ApiKey, type ApiKeyList } from '../api';
import { KEYS_FAILED, NO_KEYS, REVOKED, REVOKE_FAILED, REVOKE_WARNING } from '../messages';
import { CreateKeyDialog } from './CreateKeyDialog';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';


function KeyTable({ list, onChanged }: { list: ApiKeyList; onChanged: () => Promise<void> }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Outcome | null>(null);
  const active = list.keys.filter((key) => !key.revoked).length;
  const full = active >= list.maxActiveKeys;

  async function revoke(key: ApiKey) {
    setBusy(true);
    try {
      await revokeApiKey(key.id);
      setBanner({ kind: 'success', text: REVOKED(key.name) });
      await onChanged();
    } catch {
      setBanner({ kind: 'error', text: withContact(REVOKE_FAILED) });
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  const columns: Column<ApiKey>[] = [
    { id: 'name', header: 'Name', cell: (k) => k.name, sortValue: (k) => k.name.toLowerCase() },
    { id: 'key', header: 'Key', cell: (k) => <code>{k.hint}</code> },
    { id: 'createdBy', header: 'Created by', cell: (k) => k.createdBy },
    // No sort value: the server's order (active keys first, newest first) stands.
    { id: 'created', header: 'Created', cell: (k) => k.created },
    { id: 'lastUsed', header: 'Last used', cell: (k) => k.lastUsed ?? 'Never' },
    {
      id: 'status',
      header: 'Status',
      cell: (k) =>
        !k.revoked ? (
          <button type="button" className="button button-danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
            Revoke
          </button>
        ) : (
          `Revoked ${k.revoked}`
        ),
    },
  ];
  return (
    <>
      <ResultBanner outcome={banner} />
      <p>
        Keys let your systems read the calls of the accounts you supply leads to through the{' '}
        <a href="/apidocs" target="_blank" rel="noopener">
          reporting API
        </a>
        . {active} of {list.maxActiveKeys} active keys.
      </p>
      <DataTable
        label="API keys"
        columns={columns}
        rows={list.keys}
        rowKey={(k) => k.id}
        pageSize={20}
        defaultSort={{ column: 'created', direction: 'desc' }}
        emptyText={NO_KEYS}
        actions={
          <button
            type="button"
            className="button button-primary"
            onClick={() => setCreating(true)}
            disabled={full}
            title={full ? 'Revoke a key to create another.' : undefined}
          >
            Create key
          </button>
        }
      />
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void onChanged()} />
      <DeleteConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        message={revoking ? REVOKE_WARNING(revoking.name) : ''}
        confirmLabel="Revoke"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
      />
    </>
  );
}

/** /technologypartner/api-keys: the partner's keys, created (shown once) and revoked here. */
export function ApiKeysPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getApiKeys);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(KEYS_FAILED)}>
      {(list) => <KeyTable list={list} onChanged={reload} />}
    </LoadedPage>
  );
}
