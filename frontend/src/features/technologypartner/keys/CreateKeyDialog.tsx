import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateApiKeyName } from '../../../domain/partners';
import { validationErrors } from '../../../lib/api';
import { withContact } from '../../../lib/contact';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { createApiKey, type CreatedKey } from '../api';
import { CREATE_FAILED, KEY_SHOWN_ONCE } from '../messages';
import { DialogActions } from '../../../components/DialogActions';

/** The new key, shown once, with a copy button. */
function ShowKey({ created }: { created: CreatedKey }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <p role="status" className="banner banner-success">
        The key '{created.name}' was created.
      </p>
      <p>{KEY_SHOWN_ONCE}</p>
      <div className="field">
        <label htmlFor="new-api-key">Your new API key</label>
        <input id="new-api-key" className="api-key-value" readOnly value={created.key} onFocus={(e) => e.target.select()} />
      </div>
      <p>
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(created.key).then(() => setCopied(true));
          }}
        >
          Copy key
        </button>{' '}
        <span role="status">{copied ? 'Copied.' : ''}</span>
      </p>
    </>
  );
}

/** Create API key: a name (the domain's rules as typed), then the key itself, once. */
export function CreateKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const errors = validateApiKeyName(name);
  const { errorOf, left, changed, showAllErrors, setServerErrors, reset } = useFieldMessages(errors);

  useEffect(() => {
    if (!open) return;
    setName('');
    reset();
    setFailure(null);
    setCreated(null);
  }, [open, reset]);

  async function create() {
    showAllErrors();
    if (errors.form_name || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      setCreated(await createApiKey(name));
      onCreated();
    } catch (failed) {
      const fields = validationErrors(failed);
      if (fields?.form_name) setServerErrors({ form_name: fields.form_name });
      else setFailure(withContact(CREATE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  if (created) {
    return (
      <Dialog
        open={open}
        title="Your new API key"
        onClose={onClose}
        actions={
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <ShowKey created={created} />
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      title="Create API key"
      onClose={onClose}
      onSubmit={() => void create()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Create key" busyLabel="Creating…" busy={saving} />}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      <TextField
        label="Name"
        name="form_name"
        value={name}
        hint="What the key is for, e.g. 'CRM sync'."
        onChange={(value) => {
          setName(value);
          changed('form_name');
        }}
        onBlur={() => left('form_name')}
        error={errorOf('form_name')}
        disabled={saving}
      />
    </Dialog>
  );
}
