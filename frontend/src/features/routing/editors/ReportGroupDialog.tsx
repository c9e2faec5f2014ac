import { useMemo, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateReportGroup } from '../../../domain';
import { withContact } from '../../../lib/contact';
import { saveReportGroup, type ReportGroupKind } from '../api/extras';
import { otherDescriptions, useRoutingLibrary } from '../selectors/RoutingLibrary';
import { AffectedDialog, isAffected, type Affected } from './AffectedDialog';
import { EditorActions } from './EditorActions';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useFormErrors } from './useFormErrors';

/** A report group save that failed for any reason but its description (spec section 8). */
export const REPORT_GROUP_FAILED = withContact(
  'An error occurred while processing your request. Please try again or contact client services at {phone} or via email at {email}.',
);

export interface ReportGroupDialogProps {
  open: boolean;
  /** Report groups or secondary report groups. */
  kind: ReportGroupKind;
  /** The group to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the group's id; the group list has reloaded. */
  onSaved: (id: number) => void;
}

const known = (key: string) => key === 'form_description';

const nounOf = (kind: ReportGroupKind) => (kind === 'primary' ? 'report group' : 'secondary report group');

/** 'Add report group' / 'Edit report group' (and the secondary ones): a group's description. */
export function ReportGroupDialog(props: ReportGroupDialogProps) {
  const library = useRoutingLibrary();
  if (!props.open) return null;
  const title = `${props.id ? 'Edit' : 'Add'} ${nounOf(props.kind)}`;
  const list = props.kind === 'primary' ? library.reportGroups : library.secondaryReportGroups;
  if (props.id === 0) return <ReportGroupEditor {...props} title={title} initial="" />;
  if (list.status !== 'ready') {
    return <EditorLoadState title={title} failed={list.status === 'failed'} onClose={props.onClose} />;
  }
  const record = list.items.find((group) => group.id === props.id);
  if (!record) return <EditorLoadState title={title} failed onClose={props.onClose} />;
  return <ReportGroupEditor key={`${props.kind}-${props.id}`} {...props} title={title} initial={record.description} />;
}

function ReportGroupEditor({
  kind,
  id,
  title,
  initial,
  onClose,
  onSaved,
}: ReportGroupDialogProps & { title: string; initial: string }) {
  const library = useRoutingLibrary();
  const content = useRef<HTMLDivElement>(null);
  const [description, setDescription] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** After a save whose change reaches numbers or pools: the saved id and what it reached. */
  const [saved, setSaved] = useState<{ id: number; affected: Affected } | null>(null);

  const groups = (kind === 'primary' ? library.reportGroups : library.secondaryReportGroups).items;
  const taken = useMemo(() => otherDescriptions(groups, id), [groups, id]);
  const errors = useMemo(() => validateReportGroup({ description }, taken), [description, taken]);
  const { errorOf, touch, refuseSave, showSaveErrors, unplaced } = useFormErrors(errors, known);

  async function save() {
    if (saving || saved) return;
    setFailure(null);
    if (refuseSave(content.current)) return;
    setSaving(true);
    try {
      const answer = await saveReportGroup(kind, id, description.trim());
      await (kind === 'primary' ? library.reloadReportGroups() : library.reloadSecondaryReportGroups());
      setSaving(false);
      if (isAffected(answer.affected)) setSaved(answer);
      else onSaved(answer.id);
    } catch (error) {
      if (!showSaveErrors(error, content.current)) setFailure(REPORT_GROUP_FAILED);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<EditorActions existing={Boolean(id)} saving={saving} onCancel={onClose} />}
    >
      <div ref={content}>
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_description"
          value={description}
          error={errorOf('form_description')}
          onChange={(value) => {
            setDescription(value);
            touch('form_description');
          }}
          disabled={saving || saved !== null}
        />
      </div>
      {saved && (
        <AffectedDialog
          open
          affected={saved.affected}
          onClose={() => onSaved(saved.id)}
        />
      )}
    </Dialog>
  );
}
