import { useState } from 'react';
import { SelectField, TextField, type Option } from '../../../components/fields';
import { ftpFileNameHint, validateIntegrationSettings } from '../../../domain/forms';
import { ApiError, validationErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { saveIntegrationSettings } from '../api/saveIntegrationSettings';
import { testFtpConnection, type FtpConnectionTest } from '../api/testFtpConnection';
import type { Integration } from '../api/types';
import { HostKeyDialog } from './HostKeyDialog';
import { SOMETHING_WENT_WRONG } from './messages';

interface FieldDef {
  name: string;
  label: string;
  kind?: 'text' | 'select' | 'password' | 'port';
  options?: Option[];
  hint?: () => string;
  /** The value of a new form. */
  initial?: string;
}

const PROTOCOLS: Option[] = [
  { value: 'sftp', label: 'SFTP (over SSH)' },
  { value: 'ftp', label: 'FTP' },
];
const DEFAULT_PORTS: Record<string, string> = { sftp: '22', ftp: '21' };

const PASSWORD = 'form_ftp_password';
const KEEP_PASSWORD = 'form_ftp_keep_password';
const HOST_KEY = 'form_ftp_host_key';
/** The fields a host key belongs to: changing one forgets the key confirmed. */
const SERVER_FIELDS = ['form_ftp_protocol', 'form_ftp_host', 'form_ftp_port'];

/** The message of a refusal that is not about a field (429: tested too often). */
function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : null;
}

/** The integrations set up with a form of ours, and the form's fields. */
export const SETTINGS_FIELDS: Record<string, FieldDef[]> = {
  webhooks: [{ name: 'form_webhook_url', label: 'Webhook URL' }],
  ftp_export: [
    { name: 'form_ftp_protocol', label: 'Protocol', kind: 'select', options: PROTOCOLS, initial: 'sftp' },
    { name: 'form_ftp_host', label: 'FTP host' },
    { name: 'form_ftp_port', label: 'Port', kind: 'port', initial: '22' },
    { name: 'form_ftp_username', label: 'FTP username' },
    { name: PASSWORD, label: 'FTP password', kind: 'password' },
    { name: 'form_ftp_file_name', label: 'File name', hint: ftpFileNameHint },
  ],
  api: [],
};

export function hasSettingsForm(identifier: string): boolean {
  return identifier in SETTINGS_FIELDS;
}

export function IntegrationSettingsForm({
  integration,
  configured,
  disabled,
  onSaved,
}: {
  integration: Integration;
  configured: boolean;
  disabled: boolean;
  onSaved: () => Promise<void> | void;
}) {
  const fields = SETTINGS_FIELDS[integration.identifier] ?? [];
  const stored = integration.connection?.settings ?? {};
  const secretStored = integration.connection?.secretStored === true;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((f) => [f.name, f.kind === 'password' ? '' : (stored[f.name] ?? (configured ? '' : (f.initial ?? '')))]),
    ),
  );
  const { errorOf, changed, setServerErrors } = useFieldMessages({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tested, setTested] = useState<FtpConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [hostKey, setHostKey] = useState(integration.connection?.hostKey ?? '');
  const [keyToConfirm, setKeyToConfirm] = useState<string | null>(null);

  // The API has nothing to fill in: once on, Remove turns it off.
  if (fields.length === 0 && configured) return null;

  const hasPassword = fields.some((f) => f.kind === 'password');
  /** The fields as posted: an empty password keeps the stored one; the host key confirmed. */
  function posted(key = hostKey): Record<string, string> {
    const fields = hasPassword && key !== '' ? { ...values, [HOST_KEY]: key } : values;
    if (!hasPassword || values[PASSWORD] !== '' || !secretStored) return fields;
    return { ...fields, [KEEP_PASSWORD]: '1' };
  }

  /** The domain's rules first; false when the form has errors. */
  function checked(key = hostKey): boolean {
    const found = validateIntegrationSettings(integration.identifier, posted(key));
    setServerErrors(found);
    return Object.keys(found).length === 0;
  }

  function refused(error: unknown) {
    const fieldErrors = validationErrors(error);
    if (fieldErrors && Object.keys(fieldErrors).length > 0) {
      setServerErrors(fieldErrors);
      if (fieldErrors[HOST_KEY]) setFailure(fieldErrors[HOST_KEY]);
    } else setFailure(refusalMessage(error) ?? SOMETHING_WENT_WRONG);
  }

  async function save() {
    if (busy) return;
    setFailure(null);
    setSaved(false);
    if (!checked()) return;
    setBusy(true);
    try {
      await saveIntegrationSettings(integration.identifier, posted());
      setSaved(true);
      setValues((current) => (hasPassword ? { ...current, [PASSWORD]: '' } : current));
      await onSaved();
    } catch (error) {
      refused(error);
    }
    setBusy(false);
  }

  async function test(key = hostKey) {
    if (busy) return;
    setFailure(null);
    setTested(null);
    if (!checked(key)) return;
    setBusy(true);
    setTesting(true);
    try {
      const answer = await testFtpConnection(posted(key));
      setTested(answer);
      if (answer.confirmHostKey && answer.hostKey) setKeyToConfirm(answer.hostKey);
    } catch (error) {
      refused(error);
    }
    setTesting(false);
    setBusy(false);
  }

  function confirmKey(key: string) {
    setKeyToConfirm(null);
    setHostKey(key);
    setSaved(false);
    void test(key);
  }

  function change(name: string, value: string) {
    if (SERVER_FIELDS.includes(name)) setHostKey('');
    setValues((current) => {
      const next = { ...current, [name]: value };
      // A port left at the other protocol's usual one follows the protocol.
      if (name === 'form_ftp_protocol' && Object.values(DEFAULT_PORTS).includes(current.form_ftp_port ?? '')) {
        next.form_ftp_port = DEFAULT_PORTS[value] ?? current.form_ftp_port;
      }
      return next;
    });
    changed(name);
    setSaved(false);
  }

  return (
    <form
      className="integration-settings"
      noValidate
      aria-label={`${integration.title} settings`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {fields.map((field) =>
        field.kind === 'select' ? (
          <SelectField
            key={field.name}
            label={field.label}
            name={field.name}
            value={values[field.name] ?? ''}
            options={field.options ?? []}
            disabled={disabled || busy}
            error={errorOf(field.name)}
            onChange={(value) => change(field.name, value)}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.kind === 'password' ? 'password' : 'text'}
            inputMode={field.kind === 'port' ? 'numeric' : undefined}
            autoComplete={field.kind === 'password' ? 'new-password' : undefined}
            value={values[field.name] ?? ''}
            disabled={disabled || busy}
            error={errorOf(field.name)}
            hint={
              field.kind === 'password'
                ? secretStored
                  ? 'A password is stored (it is never shown). Leave this empty to keep it.'
                  : 'Stored encrypted and never shown again.'
                : field.hint?.()
            }
            onChange={(value) => change(field.name, value)}
          />
        ),
      )}
      {hasPassword && hostKey !== '' && (
        <p className="integration-host-key">
          Confirmed host key: <code>{hostKey}</code>
        </p>
      )}
      {tested && (
        <p role="status" className={`banner ${tested.connected ? 'banner-success' : 'banner-error'}`}>
          {tested.message}
        </p>
      )}
      <div className="form-actions">
        <span role="status" aria-live="polite">
          {saved && `${integration.title} settings saved.`}
        </span>
        {hasPassword && (
          <button type="button" className="button" disabled={disabled || busy} onClick={() => void test()}>
            {testing ? 'Testing…' : 'Test connection'}
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={disabled || busy}>
          {fields.length === 0 ? 'Turn on' : 'Save'}
        </button>
      </div>
      <HostKeyDialog
        hostKey={keyToConfirm}
        message={tested?.message ?? ''}
        onConfirm={confirmKey}
        onClose={() => setKeyToConfirm(null)}
      />
    </form>
  );
}
