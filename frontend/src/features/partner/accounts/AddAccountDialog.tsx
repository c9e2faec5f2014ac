import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateAddAccount } from '../../../domain/partners';
import { validationErrors } from '../../../lib/api';
import { withContact } from '../../../lib/contact';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { addAccount, type AccountCreated, type NewAccount, type Programme } from './api';
import { ADD_FAILED } from './messages';
import { DialogActions } from '../../../components/DialogActions';

const EMPTY: NewAccount = { accountName: '', ownerFirstName: '', ownerLastName: '', ownerEmail: '' };

/** key, posted name (the domain's error keys), label, input type */
const OWNER: [keyof NewAccount, string, string, 'text' | 'email'][] = [
  ['ownerFirstName', 'form_first_name', 'First name', 'text'],
  ['ownerLastName', 'form_last_name', 'Last name', 'text'],
  ['ownerEmail', 'form_email', 'Email', 'email'],
];

/**
 * The Add partner account dialog: the account's name and, optionally, its owner, who is
 * invited by email. Checked as typed by the domain's rules; starts empty each time it opens.
 */
export function AddAccountDialog({
  open,
  programme,
  onClose,
  onCreated,
}: {
  open: boolean;
  programme: Programme;
  onClose: () => void;
  onCreated: (created: AccountCreated) => void;
}) {
  const [form, setForm] = useState<NewAccount>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validateAddAccount(form);
  const { errorOf, left, touchAll, changed, setServerErrors, reset } = useFieldMessages(errors);

  useEffect(() => {
    if (!open) return;
    setForm(EMPTY);
    setFailure(null);
    reset();
  }, [open, reset]);

  async function save() {
    touchAll(['accountName', ...OWNER.map(([, name]) => name)]);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      onCreated(await addAccount(form, programme));
    } catch (error) {
      const fields = validationErrors(error);
      if (fields && Object.keys(fields).length > 0) setServerErrors(fields);
      else setFailure(withContact(ADD_FAILED));
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof NewAccount, name: string, label: string, type: 'text' | 'email' = 'text') => (
    <TextField
      key={key}
      label={label}
      name={name}
      type={type}
      value={form[key]}
      onChange={(value) => {
        setForm({ ...form, [key]: value });
        changed(name);
      }}
      onBlur={() => left(name)}
      error={errorOf(name)}
      disabled={saving}
    />
  );

  return (
    <Dialog
      open={open}
      title={programme === 'referrer' ? 'Refer a client' : 'Add account'}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<DialogActions onCancel={onClose} submitLabel="Create account" busyLabel="Creating…" busy={saving} />}
    >
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {field('accountName', 'accountName', 'Account')}
      <fieldset className="fieldset">
        <legend>Account owner (optional)</legend>
        <p className="field-hint">We email them a link to set their password and log in.</p>
        {OWNER.map(([key, name, label, type]) => field(key, name, label, type))}
      </fieldset>
    </Dialog>
  );
}
