import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/fields';
import type { AccountUsage } from '../api';

export type DynamicChoice = { kind: 'url' } | { kind: 'pool'; dynamicUrlId: number };

/** What to add: a dynamic URL, or a pool on one of the dynamic URLs. */
export function WhatToAddDialog({
  open,
  usage,
  onChoose,
  onClose,
}: {
  open: boolean;
  usage: AccountUsage | null;
  onChoose: (choice: DynamicChoice) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<'url' | 'pool'>('url');
  const urls = usage?.dynamicUrls ?? [];
  const [urlId, setUrlId] = useState('');
  const [error, setError] = useState<string | undefined>();

  function next() {
    if (kind === 'url') return onChoose({ kind: 'url' });
    if (!urlId) return setError('Please choose a dynamic URL.');
    onChoose({ kind: 'pool', dynamicUrlId: Number(urlId) });
  }

  return (
    <Dialog
      open={open}
      title="What would you like to add?"
      onClose={onClose}
      onSubmit={next}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary">
            Continue
          </button>
        </>
      }
    >
      <fieldset className="field">
        <legend>Add</legend>
        <label className="field-check-row">
          <input type="radio" name="add" checked={kind === 'url'} onChange={() => setKind('url')} /> Dynamic URL
        </label>
        <label className="field-check-row">
          <input type="radio" name="add" checked={kind === 'pool'} onChange={() => setKind('pool')} disabled={urls.length === 0} />{' '}
          Pool
        </label>
      </fieldset>
      {kind === 'pool' && (
        <SelectField
          label="Dynamic URL"
          value={urlId}
          onChange={(value) => {
            setUrlId(value);
            setError(undefined);
          }}
          error={error}
          placeholder="Choose a dynamic URL"
          options={urls.map((u) => ({ value: String(u.id), label: u.url }))}
        />
      )}
    </Dialog>
  );
}
