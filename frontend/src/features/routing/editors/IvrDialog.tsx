import { useCallback, useMemo, useRef, useState } from 'react';
import { useSnackbar } from '../../../components/Snackbar';
import { savedMessage } from './useEditorForm';
import { Dialog } from '../../../components/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import { ivrAddKey, ivrSetHangUpAfterAudio, validateIvr } from '../../../domain/ivr';
import { type IvrForm } from '../../../domain';
import { type RoutingRecord } from '../../../domain/history';
import { useLoader } from '../../../lib/useLoader';
import { createIvr, getIvrDetails, ivrSaveErrors, updateExistingIvr } from '../api/ivrs';
import { AudioSelector } from '../selectors/AudioSelector';
import { ReportGroupSelector } from '../selectors/ReportGroupSelector';
import { otherDescriptions, useRoutingLibrary } from '../selectors/RoutingLibrary';
import { SecondaryReportGroupSelector } from '../selectors/SecondaryReportGroupSelector';
import { AffectedDialog, HeadsUp, NOTHING_AFFECTED, isAffected, type Affected } from './AffectedDialog';
import { EditorActions, type SaveAction } from './EditorActions';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { IvrKeyTable, targetField } from './IvrKeyTable';
import { IVR_SAVE_FAILED } from './messages';
import { MultiLevelTermsDialog } from './MultiLevelTermsDialog';
import { affectedOf } from './ServicePlanDialog';
import { focusFirstInvalid, useFieldMessages } from '../../../lib/useFieldMessages';
import { ImpactSummary } from './ImpactSummary';
import { RecordHistoryLink } from './RecordHistoryLink';
import { useEditImpact } from './useEditImpact';

export interface IvrDialogProps {
  open: boolean;
  /** The IVR to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the IVR's id (a new one after Save as new); the IVR list has reloaded. */
  onSaved: (id: number) => void;
  /** A new IVR: the multi-level terms were ticked (sent as acceptTerms=1). */
  acceptTerms?: boolean;
  /** Set when the new IVR is added from a key of this IVR (0 while that IVR is new): a child IVR. */
  parentIvrId?: number;
}

const TOP_FIELDS = new Set(['description', 'audioId', 'repeatAudio', 'reportGroupId', 'secondaryReportGroupId']);
/** Shown with the key table, which a menu that hangs up after its audio does not have. */
const KEY_FIELDS = new Set(['defaultKey', 'keys']);
const ROW_FIELD = /^(keyDescription|keyDestination|keyIvr|keyVoicemail|keyCategory)\[(\d+)\]$/;

function newForm(isChild: boolean): IvrForm {
  return ivrAddKey({
    description: '',
    introAudio: 0,
    logKeys: false,
    reportGroupId: 0,
    secondaryReportGroupId: 0,
    hasDeadEnd: false,
    repeatKey: 'none',
    defaultKey: '',
    repeatAudio: '1',
    isChild,
    options: [],
  });
}

/**
 * 'Add IVR' / 'Edit IVR': the menu's audio, its keys and where each leads. Mount it inside a
 * RoutingLibraryProvider with the ivrs, audios, routings, voicemails, categories, reportGroups and
 * secondaryReportGroups lists.
 */
export function IvrDialog(props: IvrDialogProps) {
  if (!props.open) return null;
  return <IvrLoader key={props.id} {...props} />;
}

function IvrLoader(props: IvrDialogProps) {
  const { id, onClose } = props;
  const [load] = useLoader(id > 0 ? () => getIvrDetails(id) : null, [id]);
  if (id === 0) {
    return <IvrEditor {...props} initial={newForm(props.parentIvrId !== undefined)} affected={NOTHING_AFFECTED} />;
  }
  if (load.status !== 'ready') {
    return <EditorLoadState title="Edit IVR" failed={load.status === 'failed'} onClose={onClose} />;
  }
  return <IvrEditor {...props} initial={load.data.form} affected={affectedOf(load.data.affected)} />;
}

function IvrEditor({
  id,
  initial,
  affected,
  acceptTerms = false,
  parentIvrId = 0,
  onClose,
  onSaved,
}: IvrDialogProps & { initial: IvrForm; affected: Affected }) {
  const library = useRoutingLibrary();
  const content = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<IvrForm>(initial);
  const notify = useSnackbar();
  const [saving, setSaving] = useState<SaveAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [affectedDialog, setAffectedDialog] = useState<'show' | 'confirm' | null>(null);
  /** The save waiting for the multi-level terms (the server asked for them). */
  const [termsFor, setTermsFor] = useState<SaveAction | null>(null);

  const ivrs = library.ivrs.items;
  const taken = useMemo(() => otherDescriptions(ivrs, id), [ivrs, id]);
  const errors = useMemo(() => validateIvr(form, taken), [form, taken]);
  const edited = useMemo((): RoutingRecord[] | null => (id ? [{ kind: 'ivr', id, form }] : null), [id, form]);
  const impact = useEditImpact(edited);
  const known = useCallback(
    (key: string) => {
      if (TOP_FIELDS.has(key)) return true;
      if (KEY_FIELDS.has(key)) return !form.hasDeadEnd;
      const match = ROW_FIELD.exec(key);
      if (!match) return false;
      const index = Number(match[2]);
      if (index >= form.options.length || form.hasDeadEnd) return false;
      return match[1] === 'keyDescription' || match[1] === 'keyCategory' || targetField(form, index) === key;
    },
    [form],
  );
  const { errorOf, touch, setServerErrors, refuseSave, unplaced } = useFieldMessages(errors, known);

  function change(patch: Partial<IvrForm>, ...keys: string[]) {
    setForm((current) => ({ ...current, ...patch }));
    touch(...keys);
  }

  async function save(action: SaveAction, confirmed = false, termsTicked = acceptTerms) {
    if (saving) return;
    setFailure(null);
    const asNew = action !== 'update';
    // Save as new: the IVR's own description is taken too.
    const check = asNew && id > 0 ? validateIvr(form, otherDescriptions(ivrs, 0)) : errors;
    if (refuseSave(content.current, check)) return;
    if (action === 'update' && isAffected(affected) && !confirmed) {
      setAffectedDialog('confirm');
      return;
    }
    setAffectedDialog(null);
    setSaving(action);
    try {
      const savedId = asNew
        ? await createIvr(form, id > 0 ? 0 : parentIvrId, termsTicked)
        : await updateExistingIvr(id, form);
      await library.reloadIvrs();
      setSaving(null);
      notify(savedMessage('IVR', form));
      onSaved(savedId);
    } catch (error) {
      setSaving(null);
      const fields = ivrSaveErrors(error);
      if (fields?.terms && asNew && !termsTicked) {
        setTermsFor(action);
        return;
      }
      if (fields && Object.keys(fields).length > 0) {
        setServerErrors(fields);
        focusFirstInvalid(content.current);
      } else {
        setFailure(IVR_SAVE_FAILED);
      }
    }
  }

  const busy = saving !== null;
  const keyOptions = [
    { value: '', label: 'None' },
    ...form.options.map((k) => ({ value: k.key, label: k.description ? `${k.key}: ${k.description}` : k.key })),
  ];

  return (
    <Dialog
      open
      title={id ? 'Edit IVR' : 'Add IVR'}
      onClose={onClose}
      onSubmit={() => void save(id ? 'update' : 'save')}
      busy={busy}
      actions={
        <EditorActions existing={Boolean(id)} saving={saving} onCancel={onClose} onSaveAsNew={() => void save('saveAsNew')} />
      }
    >
      <div ref={content} className="ivr-editor">
        {isAffected(affected) && <HeadsUp onShow={() => setAffectedDialog('show')} />}
        <RecordHistoryLink kind="ivr" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="description"
          value={form.description}
          error={errorOf('description')}
          onChange={(description) => change({ description }, 'description')}
          disabled={busy}
        />
        <div className="form-columns">
          <AudioSelector
            label="Intro audio"
            name="audioId"
            value={form.introAudio}
            error={errorOf('audioId')}
            onChange={(introAudio) => change({ introAudio }, 'audioId')}
            disabled={busy}
          />
          <TextField
            label="Repeat audio"
            name="repeatAudio"
            inputMode="numeric"
            value={form.repeatAudio}
            hint="How many times the menu plays again when no key is pressed (0 to 9)."
            error={errorOf('repeatAudio')}
            onChange={(repeatAudio) => change({ repeatAudio }, 'repeatAudio')}
            disabled={busy}
          />
        </div>
        <div className="form-columns">
          <CheckboxField
            label="Log key presses"
            name="logStrokes"
            checked={form.logKeys}
            onChange={(logKeys) => change({ logKeys })}
            disabled={busy}
          />
          <CheckboxField
            label="Hang up after the audio"
            name="hasDeadEnd"
            checked={form.hasDeadEnd}
            onChange={(on) => {
              setForm((current) => ivrSetHangUpAfterAudio(current, on));
              setServerErrors({});
            }}
            disabled={busy}
          />
        </div>
        <div className="form-columns">
          <ReportGroupSelector
            label="Report group"
            name="reportGroupId"
            value={form.reportGroupId}
            error={errorOf('reportGroupId')}
            hint={form.hasDeadEnd ? 'A menu that hangs up after its audio has no report group.' : undefined}
            onChange={(reportGroupId) => change({ reportGroupId }, 'reportGroupId')}
            disabled={busy || form.hasDeadEnd}
          />
          <SecondaryReportGroupSelector
            label="Secondary report group"
            name="secondaryReportGroupId"
            value={form.secondaryReportGroupId}
            error={errorOf('secondaryReportGroupId')}
            onChange={(secondaryReportGroupId) => change({ secondaryReportGroupId }, 'secondaryReportGroupId')}
            disabled={busy}
          />
        </div>
        {form.hasDeadEnd ? (
          <p className="field-hint ivr-dead-end">The call hangs up after the intro audio: this menu has no keys.</p>
        ) : (
          <>
            <SelectField
              label="Default key"
              name="defaultKey"
              value={form.defaultKey}
              options={keyOptions}
              hint="The key taken when the caller presses nothing."
              error={errorOf('defaultKey')}
              onChange={(defaultKey) => change({ defaultKey }, 'defaultKey')}
              disabled={busy}
            />
            <IvrKeyTable
              form={form}
              update={setForm}
              errorOf={errorOf}
              touch={touch}
              onRowsChanged={() => setServerErrors({})}
              ivrId={id}
              disabled={busy}
            />
          </>
        )}
        {impact && <ImpactSummary impact={impact} />}
      </div>
      <AffectedDialog
        open={affectedDialog !== null}
        affected={affected}
        onClose={() => setAffectedDialog(null)}
        onConfirm={affectedDialog === 'confirm' ? () => void save('update', true) : undefined}
      />
      {termsFor !== null && (
        <MultiLevelTermsDialog
          action="add"
          alwaysAsk
          onCancel={() => setTermsFor(null)}
          onAccepted={() => {
            const action = termsFor;
            setTermsFor(null);
            void save(action, true, true);
          }}
        />
      )}
    </Dialog>
  );
}
