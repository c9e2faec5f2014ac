import { useState } from 'react';
import { CheckboxField } from '../../../components/fields';
import type { Outcome } from '../../../components/ResultBanner';
import { saveRecording, type CampaignsPageData } from './api';

export const RECORDING_FAILED = 'The recording setting could not be saved. Try again later.';

/** Whether agents' calls out from the browser phone are recorded. */
export function CallRecording({ data, onOutcome }: { data: CampaignsPageData; onOutcome: (outcome: Outcome) => void }) {
  const [on, setOn] = useState(data.recordOutboundCalls);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      await saveRecording(on);
      onOutcome({
        kind: 'success',
        text: on ? "Agents' calls out will be recorded." : "Agents' calls out will not be recorded.",
      });
    } catch {
      onOutcome({ kind: 'error', text: RECORDING_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="outbound-recording">
      <h2 id="outbound-recording" className="card-heading">
        Call recording
      </h2>
      <form
        aria-label="Call recording"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p>Calls your agents make from the browser phone are kept with their recording when this is ticked.</p>
        <CheckboxField
          label="Record agents' calls out"
          name="recordOutboundCalls"
          checked={on}
          disabled={!data.canEdit || saving}
          onChange={setOn}
        />
        {data.canEdit && (
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            Save call recording
          </button>
        )}
      </form>
    </section>
  );
}
