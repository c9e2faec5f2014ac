// invoices/* (spec/billing-subscription-purchase.md section 7; docs/billing-api.md), typed.
import { ApiError, apiDownload, apiGet } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** An invoice: its date YYYY-MM-DD, its amounts in pounds, its files' ids (absent or null when none). */
export type Invoice = Schemas['Invoice'];

/** Which file formats the customer's invoices come in. */
export type InvoiceFileOptions = Schemas['InvoiceFileOptions'];

export type InvoiceFormat = keyof InvoiceFileOptions;

export type InvoiceList = Schemas['InvoiceList'];

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
