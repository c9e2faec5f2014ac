import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { routingAccess, validateConnectBasic } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import { TestCallButton, TestCallsNote } from '../../../components/phone/PhoneButtons';
import { usePhone } from '../../../components/phone/usePhone';
import { validationErrors } from '../../../lib/api';
import { focusFirstInvalid, useFieldMessages } from '../../../lib/useFieldMessages';
import { connectBasic, rowKind, type BasicConnectRow, type RoutingRow } from '../api/rows';
import { useEditImpact } from '../editors/useEditImpact';
import { clearSelection } from '../../../lib/routingSelection';
import { rowsEdited } from '../../../lib/rowsEdited';
import { basicConnectRecord } from './connectImpact';
import {
  CellSwitch,
  CellText,
  ConnectForm,
  ConnectPage,
  PROVISIONED_MESSAGE,
  kindLabel,
  placeFieldErrors,
  routingError,
  rowName,
  type RoutingNoticeState,
} from './connectShared';

const basicRow = (row: RoutingRow): BasicConnectRow => ({
  id: row.id,
  kind: rowKind(row.type),
  numberPool: row.numberPool,
  planId: row.planId ?? 0,
  description: row.description ?? '',
  destination: row.destination ?? '',
  recording: row.callRecording === 1,
});

const descriptionField = (i: number) => `form_description[${i}]`;
const destinationField = (i: number) => `form_destination_number[${i}]`;

/** /routing/numbers: a destination, description and recording for each selected number or pool. */
export function BasicConnect({ title }: { title: string }) {
  const { account } = useAccount();
  const access = routingAccess(account);
  return (
    <ConnectPage title={title} basicOnly>
      {(rows) => <BasicConnectForm initial={rows} canConnect={access.canConnect} />}
    </ConnectPage>
  );
}

function BasicConnectForm({
  initial,
  canConnect,
}: {
  initial: RoutingRow[];
  canConnect: boolean;
}) {
  const navigate = useNavigate();
  const testCalls = usePhone().access.testCalls;
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useMemo(() => initial.map(basicRow), [initial]);
  const [rows, setRows] = useState<BasicConnectRow[]>(saved);
  const edited = rowsEdited(saved, rows);
  const [banner, setBanner] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const records = useMemo(() => (canConnect ? rows.map(basicConnectRecord) : null), [rows, canConnect]);
  const impact = useEditImpact(records);

  const errors = useMemo(
    () =>
      validateConnectBasic(
        rows.map(({ kind, description, destination, recording }) => ({ kind, description, destination, recording })),
      ),
    [rows],
  );

  const { errorOf, touch, left, showAllErrors, setServerErrors } = useFieldMessages(errors);

  function change(i: number, patch: Partial<BasicConnectRow>, field?: string) {
    setRows((current) => current.map((row, j) => (j === i ? { ...row, ...patch } : row)));
    if (field) touch(field);
  }

  function shown(field: string): boolean {
    return formRef.current?.querySelector(`[name="${field}"]`) != null;
  }

  async function save() {
    if (saving) return;
    showAllErrors();
    setBanner([]);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      if (await connectBasic(rows)) {
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
        const placed = placeFieldErrors(fieldErrors, shown);
        setServerErrors(placed.onFields);
        if (placed.banner) setBanner(placed.banner);
        focusFirstInvalid(formRef.current);
      }
    }
    setSaving(false);
  }

  return (
    <ConnectForm
      formRef={formRef}
      label="Connect numbers"
      banner={banner}
      saving={saving}
      canConnect={canConnect}
      submitLabel="Connect"
      busyLabel="Connecting…"
      onSubmit={() => void save()}
      impact={impact}
      edited={edited}
    >
      <div className="table-scroll data-table">
        <table aria-label="Selected numbers and pools">
          <thead>
            <tr>
              <th scope="col">Number / pool</th>
              {testCalls && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
              <th scope="col">Description</th>
              <th scope="col">Destination</th>
              <th scope="col">Recording</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const name = rowName(row.kind, row.numberPool);
              return (
                <tr key={row.id}>
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
                      name={descriptionField(i)}
                      value={row.description}
                      onChange={(description) => change(i, { description }, descriptionField(i))}
                      onBlur={() => left(descriptionField(i))}
                      error={errorOf(descriptionField(i))}
                    />
                  </td>
                  <td>
                    <CellText
                      label={`Destination for ${name}`}
                      name={destinationField(i)}
                      type="tel"
                      inputMode="tel"
                      value={row.destination}
                      onChange={(destination) => change(i, { destination }, destinationField(i))}
                      onBlur={() => left(destinationField(i))}
                      error={errorOf(destinationField(i))}
                    />
                  </td>
                  <td>
                    <CellSwitch
                      label={`Recording for ${name}`}
                      name={`form_recording_flag[${i}]`}
                      checked={row.recording}
                      onChange={(recording) => change(i, { recording })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <TestCallsNote />
    </ConnectForm>
  );
}
