import { csvLine } from '../domain/pages';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * RFC 4180 text: every cell quoted, quotes doubled, typed formulas defused, CRLF line ends
 * (the domain's rule, crates/domain/src/csv.rs, which the server's streamed exports use too).
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => csvLine(row.map((cell) => cell ?? null))).join('');
}

/** Saves the text as a file through a temporary link; the BOM lets spreadsheets read UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** Saves a file the server wrote (which carries its own BOM) through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
