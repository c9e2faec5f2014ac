import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FileField } from '../../../components/fields';
import { PageHeading } from '../../../components/PageHeading';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { uploadSalesFile } from '../api';
import { chosenSalesFileProblem } from '../../../domain/sales';

export const UPLOAD_FAILED = 'The file could not be uploaded. Try again later.';

/** /importsales/upload: a sales file chosen and kept, then its mapping page
 *  (/importsales/fieldmapping/{id}). */
export function ImportUploadPage({ title }: { title: string }) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    const problem = chosenSalesFileProblem(file?.name ?? null);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    setOutcome(null);
    try {
      const uploaded = await uploadSalesFile(file);
      navigate(`/importsales/fieldmapping/${uploaded.uploadId}`);
    } catch (failure) {
      const fields = refusalErrors(failure);
      if (fields?.form_file) setError(fields.form_file);
      else setOutcome({ kind: 'error', text: UPLOAD_FAILED });
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading title={title} />
      <div className="card">
        <p>
          <Link to="/importsales">Past imports</Link>
        </p>
        <ResultBanner outcome={outcome} />
        <form
          aria-label="Upload a sales file"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <FileField
            label="Sales file"
            name="form_file"
            accept=".csv,.xlsx,.xls"
            hint="CSV or Excel, its first row the column names; up to 200,000 rows. Kept for a week for its import."
            error={error}
            disabled={busy}
            onChange={(chosen) => {
              setFile(chosen);
              setError(undefined);
            }}
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            Upload and preview
          </button>
        </form>
      </div>
    </>
  );
}
