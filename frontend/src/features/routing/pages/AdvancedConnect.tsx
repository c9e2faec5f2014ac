import { useId, useMemo, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { routingAccess, routingConstants, usesAdditionalFeatures, validateConnectAdvanced } from '../../../domain/routing';
import { usePurchase } from '../../../components/purchase/PurchaseContext';
import { useAccount } from '../../../lib/account';
import { TestCallButton, TestCallsNote } from '../../../components/phone/PhoneButtons';
import { usePhone } from '../../../components/phone/usePhone';
import { validationErrors } from '../../../lib/api';
import { TableScroll } from '../../../components/TableScroll';
import { focusFirstInvalid, useFieldMessages } from '../../../lib/useFieldMessages';
import { attributionOf, attributionValue } from '../api/extras';
import { advancedDomainRow, advancedRowFrom, connectAdvanced, domainRow, type AdvancedConnectRow, type RoutingRow } from '../api/rows';
import { useEditImpact } from '../editors/useEditImpact';
import { advancedConnectRecord } from './connectImpact';
import {
  AttributionSelector,
  AudioSelector,
  DynamicWhisperSelector,
  RoutingLibraryProvider,
  ServicePlanSelector,
} from '../selectors';
import { clearSelection } from '../../../lib/routingSelection';
import { formatUk } from '../../../domain/reports';
import { rowsEdited } from '../../../lib/rowsEdited';
import {
  CellSelect,
  CellSwitch,
  CellText,
  ConnectForm,
  ConnectPage,
  PROVISIONED_MESSAGE,
  kindLabel,
  placeFieldErrors,
  routeName,
  routingError,
  rowName,
  type RoutingNoticeState,
} from './connectShared';

export const UPGRADE_TEXT =
  'Service plans, intro and whisper audio, dynamic whispers and call attribution are part of advanced routing, which needs the Professional package.';

/** The fields only shown with 'Additional features' on. */
const ADDITIONAL_FIELDS = ['form_post_url', 'form_dtmf', 'form_midcall_flag', 'form_midcall_audio', 'form_mid_call_divert_flag'];

/** A row's fields: a change to one shows the row's messages. */
const ROW_FIELDS = [
  'form_description',
  'form_service_plan',
  'form_recording_flag',
  'form_intro',
  'form_whisper',
  'form_dynamic_whisper',
  ...ADDITIONAL_FIELDS,
];

const field = (name: string, i: number) => `${name}[${i}]`;

/** /routing/numbers/advanced: service plan, audio and attribution for each selected number or pool. */
export function AdvancedConnect({ title }: { title: string }) {
  const { account } = useAccount();
  const access = routingAccess(account);
  // Without advanced scopes only Starter (which can upgrade) stays, to be offered the upgrade.
  return (
    <ConnectPage title={title} leave={!access.hasAdvanced && !access.offerUpgrade}>
      {(rows) =>
        access.hasAdvanced ? (
          <RoutingLibraryProvider>
            <AdvancedConnectForm
              initial={rows}
              hasSpeech={account.hasSpeech}
              canConnect={access.canConnect}
            />
          </RoutingLibraryProvider>
        ) : (
          <UpgradeView rows={rows} />
        )
      }
    </ConnectPage>
  );
}

/** Starter: the selection read-only, with an Upgrade chip opening the purchase modal's upgrade. */
function UpgradeView({ rows }: { rows: RoutingRow[] }) {
  const purchase = usePurchase();
  return (
    <div className="card routing-connect">
      <div className="routing-upgrade">
        <span>Advanced routing</span>
        <button type="button" className="upgrade-chip" aria-haspopup="dialog" onClick={() => purchase.open('upgrade')}>
          Upgrade
        </button>
      </div>
      <p>{UPGRADE_TEXT}</p>
      <div className="table-scroll data-table">
        <table aria-label="Selected numbers and pools">
          <thead>
            <tr>
              <th scope="col">Service number / dynamic pool</th>
              <th scope="col">Description</th>
              <th scope="col">Destination / service plan</th>
              <th scope="col">Recording</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="routing-row-name">
                  <span>{rowName(row.type, row.numberPool)}</span>
                  <span className="routing-row-kind">{kindLabel(row.type)}</span>
                </th>
                <td>{row.description}</td>
                <td>{routeName(row)}</td>
                <td>{row.callRecording === 1 ? 'On' : 'Off'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <Link className="button" to="/routing">
          Back to call routing
        </Link>
      </div>
    </div>
  );
}

function AdvancedConnectForm({
  initial,
  hasSpeech,
  canConnect,
}: {
  initial: RoutingRow[];
  hasSpeech: boolean;
  canConnect: boolean;
}) {
  const navigate = useNavigate();
  const testCalls = usePhone().access.testCalls;
  const formRef = useRef<HTMLFormElement>(null);
  const midCallAudios = useMemo(() => routingConstants().midCallAudios, []);
  const saved = useMemo(() => initial.map(advancedRowFrom), [initial]);
  const [rows, setRows] = useState<AdvancedConnectRow[]>(saved);
  // The rows' values only: the additional features switch and the ticked rows change no routing.
  const edited = rowsEdited(saved, rows);
  const [additional, setAdditional] = useState(() => usesAdditionalFeatures(initial.map(domainRow)));
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const lastClicked = useRef<number | null>(null);
  // Whether shift was held on the click that ticked or unticked a row (shift-click: a range).
  const shiftHeld = useRef(false);
  const [banner, setBanner] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const stored = useMemo(() => new Map(initial.map((row) => [row.id, row])), [initial]);
  const records = useMemo(
    () =>
      canConnect
        ? rows.flatMap((row) => {
            const was = stored.get(row.id);
            return was ? [advancedConnectRecord(row, was)] : [];
          })
        : null,
    [rows, stored, canConnect],
  );
  const impact = useEditImpact(records);
  const additionalId = useId();

  const errors = useMemo(
    () =>
      validateConnectAdvanced(
        rows.map(advancedDomainRow),
        hasSpeech,
      ),
    [rows, hasSpeech],
  );

  const messages = useFieldMessages(errors);
  const errorOf = (name: string, i: number) => messages.errorOf(field(name, i));

  /** Changes row i; when it is a picked row the change (but a description) goes to every picked row. */
  function update(i: number, patch: Partial<AdvancedConnectRow>) {
    const copy = picked.has(i);
    const { description: _description, ...shared } = patch;
    const changed = rows.map((_, j) => j === i || (copy && picked.has(j) && Object.keys(shared).length > 0));
    setRows((current) =>
      current.map((row, j) => (j === i ? { ...row, ...patch } : changed[j] ? { ...row, ...shared } : row)),
    );
    messages.touch(...changed.flatMap((on, j) => (on ? ROW_FIELDS.map((name) => field(name, j)) : [])));
  }

  function pick(i: number, on: boolean, shift: boolean) {
    const anchor = shift ? lastClicked.current : null;
    const from = anchor !== null ? Math.min(anchor, i) : i;
    const to = anchor !== null ? Math.max(anchor, i) : i;
    setPicked((current) => {
      const next = new Set(current);
      for (let j = from; j <= to; j++) {
        if (on) next.add(j);
        else next.delete(j);
      }
      return next;
    });
    lastClicked.current = i;
  }

  function pickAll(on: boolean) {
    setPicked(on ? new Set(rows.map((_, i) => i)) : new Set());
    lastClicked.current = null;
  }

  function shown(key: string): boolean {
    return formRef.current?.querySelector(`[name="${key}"]`) != null;
  }

  const isAdditional = (key: string) => ADDITIONAL_FIELDS.some((name) => key.startsWith(`${name}[`));

  async function save() {
    if (saving) return;
    messages.showAllErrors();
    setBanner([]);
    const invalid = Object.keys(errors);
    if (invalid.length > 0) {
      if (!additional && invalid.some(isAdditional)) setAdditional(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      if (await connectAdvanced(rows)) {
        clearSelection();
        const state: RoutingNoticeState = { notice: PROVISIONED_MESSAGE };
        navigate('/routing', { state });
        return;
      }
      setBanner([routingError()]);
    } catch (error) {
      const fieldErrors = validationErrors(error);
      if (!fieldErrors) {
        setBanner([routingError()]);
      } else {
        const willShow = (key: string) => shown(key) || isAdditional(key);
        if (!additional && Object.keys(fieldErrors).some(isAdditional)) setAdditional(true);
        const placed = placeFieldErrors(fieldErrors, willShow);
        messages.setServerErrors(placed.onFields);
        if (placed.banner) setBanner(placed.banner);
        focusFirstInvalid(formRef.current);
      }
    }
    setSaving(false);
  }

  const allPicked = rows.length > 0 && picked.size === rows.length;

  return (
    <ConnectForm
      formRef={formRef}
      label="Advanced routing"
      banner={banner}
      saving={saving}
      canConnect={canConnect}
      submitLabel="Save"
      busyLabel="Saving…"
      onSubmit={() => void save()}
      impact={impact}
      edited={edited}
    >
      <div className="routing-connect-toolbar">
        <div className="field-check-row">
          <input
            id={additionalId}
            type="checkbox"
            role="switch"
            checked={additional}
            onChange={(event) => setAdditional(event.target.checked)}
          />
          <label htmlFor={additionalId}>Additional features</label>
        </div>
        <p className="field-hint" aria-live="polite">
          {picked.size > 0
            ? `${picked.size} selected: a change to a selected row (but its description) is copied to the other selected rows.`
            : 'Select rows to change them together; shift-click selects a range.'}
        </p>
      </div>
      <TableScroll label="Selected numbers and pools, scrolls sideways" className="data-table">
        <table aria-label="Selected numbers and pools" className="routing-advanced-table">
          <thead>
            <tr>
              <th scope="col" className="row-select-cell">
                <input
                  type="checkbox"
                  className="row-select"
                  aria-label="Select all rows"
                  checked={allPicked}
                  ref={(node) => {
                    if (node) node.indeterminate = picked.size > 0 && !allPicked;
                  }}
                  onChange={(event) => pickAll(event.target.checked)}
                />
              </th>
              <th scope="col">Service number / dynamic pool</th>
              {testCalls && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
              <th scope="col">Description</th>
              <th scope="col">Service plan</th>
              <th scope="col">Recording</th>
              <th scope="col">Intro</th>
              <th scope="col">Whisper</th>
              <th scope="col">Dynamic whisper</th>
              {additional && (
                <>
                  <th scope="col">Mid call divert</th>
                  <th scope="col">Post call agent attribution</th>
                  <th scope="col">Mid call agent attribution</th>
                  <th scope="col">Mid call callers audio</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const name = rowName(row.kind, row.numberPool);
              const isPicked = picked.has(i);
              return (
                <tr key={row.id} className={isPicked ? 'row-selected' : undefined}>
                  <td className="row-select-cell">
                    <input
                      type="checkbox"
                      className="row-select"
                      aria-label={`Select ${name}`}
                      checked={isPicked}
                      onClick={(event: MouseEvent<HTMLInputElement>) => {
                        shiftHeld.current = event.shiftKey;
                      }}
                      onChange={(event: ChangeEvent<HTMLInputElement>) => {
                        pick(i, event.target.checked, shiftHeld.current);
                        shiftHeld.current = false;
                      }}
                    />
                  </td>
                  <th scope="row" className="routing-row-name">
                    <span>{name}</span>
                    <span className="routing-row-kind">{kindLabel(row.kind)}</span>
                  </th>
                  {testCalls && (
                    <td>
                      <TestCallButton entryId={row.id} number={name} />
                    </td>
                  )}
                  <td>
                    <CellText
                      label={`Description for ${name}`}
                      name={field('form_description', i)}
                      value={row.description}
                      onChange={(description) => update(i, { description })}
                      error={errorOf('form_description', i)}
                    />
                  </td>
                  <td>
                    <ServicePlanSelector
                      label={`Service plan for ${name}`}
                      hideLabel
                      name={field('form_service_plan', i)}
                      value={row.servicePlan}
                      rowIds={rowIds}
                      onChange={(servicePlan) => update(i, { servicePlan })}
                      error={errorOf('form_service_plan', i)}
                    />
                    {row.servicePlan === 0 && row.basicDestination && (
                      <span className="cell-note">{basicRoutingNote(row.basicDestination)}</span>
                    )}
                  </td>
                  <td>
                    <CellSwitch
                      label={`Recording for ${name}`}
                      name={field('form_recording_flag', i)}
                      checked={row.recording}
                      onChange={(recording) => update(i, { recording })}
                      error={errorOf('form_recording_flag', i)}
                    />
                  </td>
                  <td>
                    <AudioSelector
                      label={`Intro for ${name}`}
                      hideLabel
                      name={field('form_intro', i)}
                      value={row.intro}
                      onChange={(intro) => update(i, { intro })}
                      error={errorOf('form_intro', i)}
                    />
                  </td>
                  <td>
                    <AudioSelector
                      label={`Whisper for ${name}`}
                      hideLabel
                      name={field('form_whisper', i)}
                      value={row.whisper}
                      onChange={(whisper) => update(i, { whisper })}
                      error={errorOf('form_whisper', i)}
                    />
                  </td>
                  <td>
                    <DynamicWhisperSelector
                      label={`Dynamic whisper for ${name}`}
                      hideLabel
                      name={field('form_dynamic_whisper', i)}
                      poolId={row.kind === 'dynamic' ? row.id : 0}
                      value={row.dynamicWhisper}
                      onChange={(dynamicWhisper) => update(i, { dynamicWhisper })}
                      error={errorOf('form_dynamic_whisper', i)}
                    />
                  </td>
                  {additional && (
                    <>
                      <td>
                        <CellSwitch
                          label={`Mid call divert for ${name}`}
                          name={field('form_mid_call_divert_flag', i)}
                          checked={row.midCallDivert}
                          onChange={(midCallDivert) => update(i, { midCallDivert })}
                          error={errorOf('form_mid_call_divert_flag', i)}
                        />
                      </td>
                      <td>
                        <div className="routing-attribution">
                        <AttributionSelector
                          label={`Post call agent attribution for ${name}`}
                          hideLabel
                          name={field('form_dtmf', i)}
                          value={attributionValue(row)}
                          onChange={(value) => update(i, attributionOf(value))}
                          error={errorOf('form_dtmf', i)}
                        />
                        <CellText
                          label={`Post call URL for ${name}`}
                          name={field('form_post_url', i)}
                          type="url"
                          inputMode="url"
                          placeholder="Post call URL"
                          value={row.postUrl}
                          onChange={(postUrl) => update(i, { postUrl })}
                          error={errorOf('form_post_url', i)}
                        />
                        </div>
                      </td>
                      <td>
                        <CellSwitch
                          label={`Mid call agent attribution for ${name}`}
                          name={field('form_midcall_flag', i)}
                          checked={row.midCallFlag}
                          onChange={(midCallFlag) => update(i, { midCallFlag })}
                          error={errorOf('form_midcall_flag', i)}
                        />
                      </td>
                      <td>
                        <CellSelect
                          label={`Mid call callers audio for ${name}`}
                          name={field('form_midcall_audio', i)}
                          value={row.midCallAudio}
                          options={midCallAudios}
                          onChange={(midCallAudio) => update(i, { midCallAudio })}
                          error={errorOf('form_midcall_audio', i)}
                        />
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <TestCallsNote />
    </ConnectForm>
  );
}

/** Under a number that rings a phone directly: no service plan keeps it so ("-- Disconnect --" does not). */
export const basicRoutingNote = (destination: string) =>
  `Rings ${formatUk(destination)} directly, and still will unless you choose a service plan.`;
