import { useState } from 'react';
import { SelectField } from '../../../components/fields';
import { TagChip } from '../../../components/TagChip';
import { tagCall, untagCall, type CallTags } from '../api';

export const TAG_FAILED = 'The tags could not be changed. Try again later.';

/**
 * The call's tags as chips; with the tag edit right, a tag added or taken off by hand (then
 * `onChanged`, so the list behind shows it too).
 */
export function CallTagsSection({
  callId,
  initial,
  onChanged,
}: {
  callId: number;
  initial: CallTags;
  onChanged?: () => void;
}) {
  const [tags, setTags] = useState(initial);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function change(run: () => Promise<CallTags>) {
    setBusy(true);
    setFailure(null);
    try {
      setTags(await run());
      setChoice('');
      onChanged?.();
    } catch {
      setFailure(TAG_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Tags">
      <h3>Tags</h3>
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {tags.on.length === 0 ? (
        <p>No tags.</p>
      ) : (
        <ul className="tag-chips" aria-label="Tags on this call">
          {tags.on.map((tag) => (
            <li key={tag.id}>
              <TagChip name={tag.description} colour={tag.colour} />
              {tag.byRule && <span className="visually-hidden"> (by a rule)</span>}
              {tags.canTag && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove tag ${tag.description}`}
                  disabled={busy}
                  onClick={() => void change(() => untagCall(callId, tag.id))}
                >
                  ✕
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {tags.canTag && tags.available.length > 0 && (
        <div className="tag-swatch-row">
          <SelectField
            label="Add a tag"
            name="form_tag_id"
            value={choice}
            placeholder="Choose a tag"
            options={tags.available.map((t) => ({ value: String(t.id), label: t.description }))}
            onChange={setChoice}
            disabled={busy}
          />
          <button
            type="button"
            className="button"
            disabled={busy || choice === ''}
            onClick={() => void change(() => tagCall(callId, Number(choice)))}
          >
            Tag call
          </button>
        </div>
      )}
    </section>
  );
}
