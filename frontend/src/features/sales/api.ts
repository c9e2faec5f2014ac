// /tracksales and /importsales (docs/sales-api.md): sales matched to calls, and sales files imported.
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type TrackSalesPage = Schemas['TrackSalesPage'];
export type RevenueLine = Schemas['RevenueLine'];

/** tracksales/getSales: the matching settings and the period's sales (query: preset, from, to). */
export function getTrackSales(query: string): Promise<TrackSalesPage> {
  return apiGet<TrackSalesPage>(`tracksales/getSales?${query}`);
}

/** tracksales/saveMatching: saves how sales are matched; every sale is matched again. */
export function saveMatching(matchBy: string, matchDays: string): Promise<{ matched: number }> {
  return apiPost('tracksales/saveMatching', { form_match_by: matchBy, form_match_days: matchDays });
}

// /importsales (docs/sales-api.md): sales files previewed, imported, listed and undone.
export type SalesFilePreview = Schemas['SalesFilePreview'];
export type SalesImported = Schemas['SalesImported'];
export type SalesImportHistory = Schemas['SalesImportHistory'];
export type SalesImportLine = Schemas['SalesImportLine'];
export type SalesUploaded = Schemas['SalesUploaded'];

/** The import form's values: each field's column ('' none) and the choices. */
export interface ImportChoices {
  columns: Record<'date' | 'phone' | 'value' | 'reference' | 'callId', string>;
  matchBy: string;
  matchDays: string;
  sameReference: string;
  badRows: string;
}

/** importsales/upload: the file kept for its mapping page (/importsales/fieldmapping/{id}). */
export function uploadSalesFile(file: File): Promise<SalesUploaded> {
  const form = new FormData();
  form.append('form_file', file, file.name);
  return apiPost<SalesUploaded>('importsales/upload', form);
}

function importForm(upload: number, choices: ImportChoices | null): FormData {
  const form = new FormData();
  if (choices) {
    form.append('form_column_date', choices.columns.date);
    form.append('form_column_phone', choices.columns.phone);
    form.append('form_column_value', choices.columns.value);
    form.append('form_column_reference', choices.columns.reference);
    form.append('form_column_call_id', choices.columns.callId);
    form.append('form_match_by', choices.matchBy);
    form.append('form_match_days', choices.matchDays);
    form.append('form_same_reference', choices.sameReference);
    form.append('form_bad_rows', choices.badRows);
  }
  form.append('form_upload', String(upload));
  return form;
}

/** importsales/preview: the file's headers, the mapping (guessed without choices) and each row's problem. */
export function previewSales(upload: number, choices: ImportChoices | null): Promise<SalesFilePreview> {
  return apiPost<SalesFilePreview>('importsales/preview', importForm(upload, choices));
}

/** importsales/import: the uploaded file's sales in one transaction. */
export function importSales(upload: number, choices: ImportChoices): Promise<SalesImported> {
  return apiPost<SalesImported>('importsales/import', importForm(upload, choices));
}

export function getImports(): Promise<SalesImportHistory> {
  return apiGet<SalesImportHistory>('importsales/getImports');
}

/** importsales/undoImport: the import's sales deleted, the sales it replaced put back. */
export function undoImport(id: number): Promise<{ removed: number; restored: number }> {
  return apiPost('importsales/undoImport', { form_import_id: id });
}
