// invoices/* (spec/billing-subscription-purchase.md section 7; docs/billing-api.md), typed.
import { ApiError, apiDownload, apiGet } from '../../../lib/api';

export interface Invoice {
  id: number;
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Pounds. */
  net: number;
  vat: number;
  gross: number;
  pdfId: number | null;
  csvId: number | null;
  excelId: number | null;
}

export type InvoiceFormat = 'pdf' | 'csv' | 'excel';

export interface InvoiceList {
  invoices: Invoice[];
  fileOptions: Record<InvoiceFormat, boolean>;
}

export function getInvoiceList(): Promise<InvoiceList> {
  return apiGet<InvoiceList>('invoices/getInvoiceList');
}

/** The file is gone (404) or came back empty. */
export class MissingInvoiceFile extends Error {}

/** A file of an invoice: its bytes and the name the server gives it. */
export async function downloadInvoice(fileId: number, format: InvoiceFormat): Promise<{ blob: Blob; name: string }> {
  const path = `invoices/downloadInvoice/${fileId}/${format}`;
  const { blob, fileName } = await apiDownload(path).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw new MissingInvoiceFile();
    throw error;
  });
  if (blob.size === 0 || !fileName) throw new MissingInvoiceFile();
  return { blob, name: fileName };
}
