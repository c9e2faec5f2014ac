import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { RadioGroupField, SelectField, TextField } from '../../../components/fields';
import { DataTable, type Column as TableColumn } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { importSales, previewSales, type ImportChoices, type SalesFilePreview, type SalesImported } from '../api';

export const PREVIEW_FAILED = 'The file could not be read. Try again later.';
export const IMPORT_FAILED = 'The sales could not be imported. Try again later.';
/** The retry page opened afresh (a reload): why the user is here. */
export const RETRY_NOTE =
  'The last import of this file stopped and nothing was imported. Check the columns and choices, then import again.';

/** What a stopped import hands to its retry page. */
interface Stopped {
  choices: ImportChoices;
  errors: Record<string, string>;
  message: string;
}

type Column = keyof ImportChoices['columns'];

const FIELDS: { key: Column; label: string; form: string }[] = [
  { key: 'date', label: 'Date of the sale', form: 'form_column_date' },
  { key: 'phone', label: "Buyer's phone number", form: 'form_column_phone' },
  { key: 'value', label: 'Value (£)', form: 'form_column_value' },
  { key: 'reference', label: 'Reference', form: 'form_column_reference' },
  { key: 'callId', label: 'Call id', form: 'form_column_call_id' },
];

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function choicesFrom(preview: SalesFilePreview): ImportChoices {
  const column = (c: number | null | undefined) => (c === null || c === undefined ? '' : String(c));
  const m = preview.mapping;
  return {
    columns: {
      date: column(m.date),
      phone: column(m.phone),
      value: column(m.value),
      reference: column(m.reference),
      callId: column(m.callId),
    },
    matchBy: preview.choices.matchBy,
    matchDays: String(preview.choices.matchDays),
    sameReference: 'combine',
    badRows: 'skip',
  };
}

type PreviewRow = SalesFilePreview['rows'][number];

function previewColumns(preview: SalesFilePreview): TableColumn<PreviewRow>[] {
  const unmapped = Object.keys(preview.mappingErrors).length > 0;
  return [
    { id: 'row', header: 'Row', cell: (row) => row.row },
    ...preview.headers.map((header, i) => ({
      id: `column-${i}`,
      header: header || `Column ${i + 1}`,
      cell: (row: PreviewRow) => row.cells[i] ?? '',
    })),
    { id: 'problem', header: 'Problem', cell: (row) => row.problem ?? (unmapped ? '—' : 'Ready') },
  ];
}

function RowsPreview({ preview }: { preview: SalesFilePreview }) {
  return (
    <section aria-labelledby="preview-rows">
      <h2 id="preview-rows">Preview</h2>
      <p role="status">
        {plural(preview.totalRows, 'row', 'rows')} in {preview.fileName}
        {Object.keys(preview.mappingErrors).length > 0
          ? ': choose the columns to check the rows.'
          : `: ${preview.goodRows} ready to import, ${plural(preview.badRows, 'row has a problem', 'rows have problems')}.`}
      </p>
      <DataTable
        plain
        label="The file's first rows"
        columns={previewColumns(preview)}
        rows={preview.rows}
        rowKey={(row) => row.row}
        emptyText="The file has no rows."
      />
      {preview.problems.length > 0 && (
        <>
          <h3>Rows with problems</h3>
          <ul className="import-problems">
            {preview.problems.map((p) => (
              <li key={p.row}>
                Row {p.row}: {p.problem}
              </li>
            ))}
          </ul>
          {preview.badRows > preview.problems.length && (
            <p>And {preview.badRows - preview.problems.length} more.</p>
          )}
        </>
      )}
    </section>
  );
}

function Result({ done }: { done: SalesImported }) {
  return (
    <section aria-labelledby="import-result">
      <h2 id="import-result">Imported</h2>
      <p role="status" className="banner banner-success">
        {plural(done.imported, 'sale', 'sales')} imported
        {done.skipped > 0 ? `, ${plural(done.skipped, 'row', 'rows')} with problems skipped` : ''}.{' '}
        {done.matchRate === null || done.matchRate === undefined
          ? ''
          : `${done.matched} matched to a call: a match rate of ${done.matchRate}%.`}
        {done.replaced > 0 ? ` ${plural(done.replaced, 'earlier sale', 'earlier sales')} replaced.` : ''}
      </p>
      {done.problems.length > 0 && (
        <ul className="import-problems" aria-label="Rows skipped">
          {done.problems.map((p) => (
            <li key={p.row}>
              Row {p.row}: {p.problem}
            </li>
          ))}
        </ul>
      )}
      {done.unmatched.length > 0 && (
        <>
          <h3 id="import-unmatched">Not matched to a call</h3>
          <p>
            No call matched these sales: check the phone number or call id each gives, and the days matching looks
            back.
            {done.imported - done.matched > done.unmatched.length &&
              ` The first ${done.unmatched.length} of ${done.imported - done.matched}.`}
          </p>
          <ul className="import-problems" aria-labelledby="import-unmatched">
            {done.unmatched.map((sale, i) => (
              <li key={i}>
                {[sale.reference || 'No reference', sale.date, sale.value, sale.phone || 'no phone number'].join(' · ')}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/tracksales">See the revenue by source in Track Sales</Link> ·{' '}
        <Link to="/importsales">Past imports</Link>
      </p>
    </section>
  );
}

/** /importsales/fieldmapping/{id}: the uploaded file's columns mapped and its rows previewed,
 *  then imported; /importsales/fieldmapping/{id}/retry: the same after an import stopped, with
 *  the choices made and the reason. */
export function ImportMappingPage({ title, upload, retry }: { title: string; upload: number; retry: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const stopped = retry ? ((location.state as Stopped | null) ?? null) : null;
  const [preview, setPreview] = useState<SalesFilePreview | null>(null);
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  const [checked, setChecked] = useState<ImportChoices | null>(null);
  const { errorOf, setServerErrors } = useFieldMessages({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>('preview');
  const [done, setDone] = useState<SalesImported | null>(null);

  async function check(withChoices: ImportChoices | null, note: Outcome | null = null) {
    setBusy('preview');
    setServerErrors({});
    setOutcome(note);
    try {
      const found = await previewSales(upload, withChoices);
      setPreview(found);
      const now = withChoices ?? choicesFrom(found);
      setChoices(now);
      setChecked(now);
      setServerErrors({ ...found.mappingErrors, ...(note && stopped ? stopped.errors : {}) });
    } catch (failure) {
      const fields = refusalErrors(failure);
      if (fields?.form_upload) setGone(fields.form_upload);
      else if (fields) setOutcome({ kind: 'error', text: fields.form_file ?? PREVIEW_FAILED });
      else setOutcome({ kind: 'error', text: PREVIEW_FAILED });
      setPreview(null);
    } finally {
      setBusy(null);
    }
  }

  // The file is read on arrival; a retry starts from the choices of the import that stopped.
  const started = useRef<string | null>(null);
  const arrival = `${upload}${retry ? '/retry' : ''}`;
  useEffect(() => {
    if (started.current === arrival) return;
    started.current = arrival;
    const note: Outcome | null = retry ? { kind: 'error', text: stopped?.message ?? RETRY_NOTE } : null;
    void check(stopped?.choices ?? null, note);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per address
  }, [arrival]);

  async function runImport() {
    if (!choices) return;
    setBusy('import');
    setServerErrors({});
    setOutcome(null);
    try {
      setDone(await importSales(upload, choices));
    } catch (failure) {
      const fields = refusalErrors(failure);
      if (fields?.form_upload) setGone(fields.form_upload);
      else if (fields) {
        const message = fields.form_file ?? 'Check the highlighted choices: nothing was imported.';
        // The retry has an address of its own, with the choices kept.
        navigate(`/importsales/fieldmapping/${upload}/retry`, { state: { choices, errors: fields, message } satisfies Stopped });
        setServerErrors(fields);
        setOutcome({ kind: 'error', text: message });
      } else setOutcome({ kind: 'error', text: IMPORT_FAILED });
    } finally {
      setBusy(null);
    }
  }

  if (done) {
    return (
      <>
        <PageHeading title={title} />
        <div className="card">
          <Result done={done} />
        </div>
      </>
    );
  }
  if (gone) {
    return (
      <>
        <PageHeading title={title} />
        <div className="card">
          <p role="alert" className="banner banner-error">
            {gone}
          </p>
          <p>
            <Link to="/importsales/upload">Upload a sales file</Link> · <Link to="/importsales">Past imports</Link>
          </p>
        </div>
      </>
    );
  }

  const set = (change: Partial<ImportChoices>) => setChoices((c) => (c ? { ...c, ...change } : c));
  const headerOptions = preview
    ? preview.headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` }))
    : [];

  return (
    <>
      <PageHeading title={title} />
      <div className="card">
        <p>
          <Link to="/importsales/upload">Upload another file</Link> · <Link to="/importsales">Past imports</Link>
        </p>
        <ResultBanner outcome={outcome} />
        {!preview && busy === 'preview' && <p role="status">Reading the file…</p>}
        {preview && choices && (
          <form
            aria-label="Columns and choices"
            onSubmit={(event) => {
              event.preventDefault();
              void runImport();
            }}
          >
            <h2>Columns</h2>
            <p>Which column of the file holds each part of a sale.</p>
            {FIELDS.map((field) => (
              <SelectField
                key={field.key}
                label={field.label}
                name={field.form}
                value={choices.columns[field.key]}
                placeholder="Not in the file"
                options={headerOptions}
                error={errorOf(field.form)}
                disabled={busy !== null}
                onChange={(value) => set({ columns: { ...choices.columns, [field.key]: value } })}
              />
            ))}
            <RadioGroupField
              label="Match a sale to a call by"
              name="form_match_by"
              value={choices.matchBy}
              options={preview.choices.matchByOptions.map((o) => ({ value: o.key, label: o.label }))}
              error={errorOf('form_match_by')}
              disabled={busy !== null}
              onChange={(matchBy) => set({ matchBy })}
            />
            {choices.matchBy === 'callerNumber' && (
              <TextField
                label="Days before the sale"
                name="form_match_days"
                value={choices.matchDays}
                inputMode="numeric"
                hint={`${preview.choices.minDays} to ${preview.choices.maxDays}: the latest call from the sale's number in these days gets the credit.`}
                error={errorOf('form_match_days')}
                disabled={busy !== null}
                onChange={(matchDays) => set({ matchDays })}
              />
            )}
            <RadioGroupField
              label="A sale with the reference of an earlier sale"
              name="form_same_reference"
              value={choices.sameReference}
              options={preview.choices.sameReferenceOptions.map((o) => ({ value: o.key, label: o.label }))}
              error={errorOf('form_same_reference')}
              disabled={busy !== null}
              onChange={(sameReference) => set({ sameReference })}
            />
            <RadioGroupField
              label="Rows with problems"
              name="form_bad_rows"
              value={choices.badRows}
              options={preview.choices.badRowsOptions.map((o) => ({ value: o.key, label: o.label }))}
              error={errorOf('form_bad_rows')}
              disabled={busy !== null}
              onChange={(badRows) => set({ badRows })}
            />
            <p>
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                aria-busy={busy === 'preview' || undefined}
                onClick={() => void check(choices)}
              >
                Check the rows again
              </button>{' '}
              {preview.canImport ? (
                <button
                  type="submit"
                  className="button button-primary"
                  disabled={busy !== null}
                  aria-busy={busy === 'import' || undefined}
                >
                  Import the sales
                </button>
              ) : (
                <span>Only administrators import sales files.</span>
              )}
            </p>
            {checked && JSON.stringify(checked.columns) !== JSON.stringify(choices.columns) && (
              <p className="field-hint">The columns changed: check the rows again to see their problems under them.</p>
            )}
            {busy === 'import' && <p role="status">Importing… a large file takes a few seconds.</p>}
            <RowsPreview preview={preview} />
          </form>
        )}
      </div>
    </>
  );
}
