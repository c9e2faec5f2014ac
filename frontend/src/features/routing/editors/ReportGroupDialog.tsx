import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateReportGroup } from '../../../domain/routing';
import { withContact } from '../../../lib/contact';
import { saveReportGroup, type ReportGroupKind } from '../api/extras';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { AffectedDialog, isAffected, type Affected } from './AffectedDialog';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

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
  /** After a save whose change reaches numbers or pools: the saved id and what it reached. */
  const [saved, setSaved] = useState<{ id: number; affected: Affected } | null>(null);
  const { content, form, change, errorOf, unplaced, busy, failure, save } = useEditorForm({
    noun: kind === 'primary' ? 'Report group' : 'Secondary report group',
    initial: { description: initial },
    validate: validateReportGroup,
    items: (kind === 'primary' ? library.reportGroups : library.secondaryReportGroups).items,
    id,
    known,
    failedMessage: REPORT_GROUP_FAILED,
  });

  function submit() {
    if (saved) return;
    void save(
      id ? 'update' : 'save',
      async () => {
        const answer = await saveReportGroup(kind, id, form.description.trim());
        await (kind === 'primary' ? library.reloadReportGroups() : library.reloadSecondaryReportGroups());
        return answer;
      },
      {
        done: (answer) => {
          if (isAffected(answer.affected)) setSaved(answer);
          else onSaved(answer.id);
        },
      },
    );
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      actions={<EditorActions existing={Boolean(id)} saving={busy} onCancel={onClose} />}
    >
      <div ref={content}>
        <RecordHistoryLink kind={kind === 'primary' ? 'reportGroup' : 'secondaryReportGroup'} id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_description"
          value={form.description}
          error={errorOf('form_description')}
          onChange={(description) => change({ description }, 'form_description')}
          disabled={busy || saved !== null}
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
