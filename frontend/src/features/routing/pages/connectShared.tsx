// What the routing list and the two connect pages share: messages, row names, the small labelled
// controls that sit in table cells, and the connect pages' frame and server-error placing.
import { useId, useState, type ReactNode, type RefObject } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';
import { DraftBanner } from '../../../components/draft/DraftBanner';
import { PageHeading } from '../../../components/PageHeading';
import type { Impact } from '../../../domain/history';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import { withContact } from '../../../lib/contact';
import { formatUk } from '../../../domain/reports';
import { useLoader } from '../../../lib/useLoader';
import type { RoutingRow } from '../api/rows';
import { ImpactSummary } from '../editors/ImpactSummary';
import { clearSelection, getSelectedDetails, loadSelection } from '../../../lib/routingSelection';

export const PROVISIONED_MESSAGE = 'Success! The numbers will be provisioned shortly.';

const ROUTING_ERROR_TEMPLATE =
  'Something went wrong. Please try again or contact us at {phone} or via email at {email}.';

/** The spec's routing failure message (section 8), with the contact details filled in. */
export function routingError(): string {
  return withContact(ROUTING_ERROR_TEMPLATE);
}

/** Router state carrying a message for /routing to show once (e.g. after a connect). */
export interface RoutingNoticeState {
  notice: string;
}

/** How a row is named on screen: a static number as every screen writes it ("0113 496 0100"), else the pool name. */
export function rowName(kind: string, numberPool: string): string {
  return kind === 'static' && numberPool ? formatUk(numberPool) : numberPool;
}

/** A row's routing as shown: its destination number as every screen writes it, else its service plan. */
export function routeName(row: Pick<RoutingRow, 'destination' | 'planDescription'>): string {
  return row.destination ? formatUk(row.destination) : row.planDescription;
}

export { kindLabel } from '../../../domain/routing';

function CellError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="field-error cell-error">
      {error}
    </p>
  ) : null;
}

/** A text input in a table cell; its label is only for assistive technology. */
export function CellText({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  type = 'text',
  inputMode,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
  type?: 'text' | 'tel' | 'url';
  inputMode?: 'text' | 'tel' | 'numeric' | 'url';
  placeholder?: string;
}) {
  const errorId = useId();
  return (
    <div className={`cell-field${error ? ' field-invalid' : ''}`}>
      <input
        type={type}
        name={name}
        aria-label={label}
        value={value}
        disabled={disabled}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <CellError id={errorId} error={error} />
    </div>
  );
}

/** An on/off switch in a table cell. */
export function CellSwitch({
  label,
  name,
  checked,
  onChange,
  error,
  disabled,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const errorId = useId();
  return (
    <div className={`cell-field cell-switch${error ? ' field-invalid' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        name={name}
        aria-label={label}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span aria-hidden="true" className="cell-switch-state">
        {checked ? 'On' : 'Off'}
      </span>
      <CellError id={errorId} error={error} />
    </div>
  );
}

/** A select of plain string choices in a table cell. */
export function CellSelect({
  label,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const errorId = useId();
  return (
    <div className={`cell-field${error ? ' field-invalid' : ''}`}>
      <select
        name={name}
        aria-label={label}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {!options.includes(value) && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <CellError id={errorId} error={error} />
    </div>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="section-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/**
 * The frame of a connect page: its heading, then the selected rows once loaded, drawn by
 * `children`. Without view access only the heading; with nothing selected, no selected row found
 * or `leave` set, back to /routing.
 */
export function ConnectPage({
  title,
  leave = false,
  basicOnly = false,
  children,
}: {
  title: string;
  /** Goes back to /routing even with rows selected (the page is not for this account). */
  leave?: boolean;
  /** The basic page: a selection with more than basic routing goes to the advanced page. */
  basicOnly?: boolean;
  children: (rows: RoutingRow[]) => ReactNode;
}) {
  const { account } = useAccount();
  const access = routingAccess(account);
  const [selected] = useState(() => loadSelection());
  const wanted = access.canView && selected.length > 0;
  const [details] = useLoader(wanted ? () => getSelectedDetails(selected) : null, [wanted]);

  if (!access.canView) return <PageHeading title={title} />;
  if (selected.length === 0 || leave) return <Navigate to="/routing" replace />;
  if (details.status === 'ready' && details.data.selectionDetails.length === 0) return <Navigate to="/routing" replace />;
  // Basic connect would wipe advanced routing (the server refuses it too): the advanced page it is.
  if (basicOnly && details.status === 'ready' && !details.data.hasOnlyBasicFeatures) {
    return <Navigate to="/routing/numbers/advanced" replace />;
  }

  return (
    <>
      <PageHeading title={title} />
      <DraftBanner />
      {details.status === 'loading' && <Loading>Loading the selected numbers…</Loading>}
      {details.status === 'failed' && (
        <>
          <p role="alert" className="banner banner-error">
            {routingError()}
          </p>
          <Link className="button" to="/routing">
            Back to call routing
          </Link>
        </>
      )}
      {details.status === 'ready' && children(details.data.selectionDetails)}
    </>
  );
}

/**
 * A connect page's form: the messages that have no field, `children` (the rows), then Cancel and
 * the submit button, disabled while saving or without connect access. Cancel drops the selection
 * and goes back to /routing, with nothing selected there; with edits not saved it asks first.
 */
export function ConnectForm({
  formRef,
  label,
  banner,
  saving,
  canConnect,
  submitLabel,
  busyLabel,
  onSubmit,
  impact = null,
  edited,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  label: string;
  banner: string[];
  saving: boolean;
  canConnect: boolean;
  /** The submit button's text, and its text while saving. */
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  /** What saving would do to last week's calls (editors/useEditImpact.ts), when known. */
  impact?: Impact | null;
  /** The rows differ from the saved ones: Cancel asks before it throws the edits away. */
  edited: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);

  function leave() {
    clearSelection();
    navigate('/routing');
  }

  return (
    <>
      <form
        ref={formRef}
        className="card routing-connect"
        aria-label={label}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {banner.length > 0 && (
          <div role="alert" className="banner banner-error">
            {banner.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        {children}
        {impact && <ImpactSummary impact={impact} />}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => (edited ? setAsking(true) : leave())}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saving || !canConnect} aria-busy={saving || undefined}>
            {saving ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
      <DiscardChangesDialog
        open={asking}
        message="Your changes to the selected numbers and pools have not been saved."
        onKeepEditing={() => setAsking(false)}
        onDiscard={leave}
      />
    </>
  );
}

/**
 * Where a refused connect's field errors go: those whose field `onScreen` shows stay on their
 * fields; the others go in the banner, or the routing error when none has a field. `banner` is
 * null when the banner is left as it is.
 */
export function placeFieldErrors(
  fieldErrors: Record<string, string>,
  onScreen: (key: string) => boolean,
): { onFields: Record<string, string>; banner: string[] | null } {
  const onFields = Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => onScreen(key)));
  const others = Object.entries(fieldErrors)
    .filter(([key]) => !(key in onFields))
    .map(([, message]) => message);
  if (others.length > 0) return { onFields, banner: others };
  return { onFields, banner: Object.keys(onFields).length === 0 ? [routingError()] : null };
}
