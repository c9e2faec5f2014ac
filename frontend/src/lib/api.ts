// The one fetch wrapper for /api: the admin marker header, same-origin cookies, multipart posts,
// and the 401 hand-over to the server's login page.

export const ADMIN_HEADER = 'X-Admin-Area';

/** A non-2xx answer from the server, with its parsed body (null when empty or not JSON). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type FormFields = Record<string, string | number | boolean | Blob | Array<string | number>>;

export function loginUrl(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `/login?return=${encodeURIComponent(location.pathname + location.search)}`;
}

function apiUrl(path: string): string {
  return `/api/${path.replace(/^\/+/, '')}`;
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends one /api request; null when the session has ended and the page is leaving for login. */
async function send(path: string, init: RequestInit, accept: string): Promise<Response | null> {
  const headers = new Headers(init.headers);
  headers.set(ADMIN_HEADER, '1');
  headers.set('Accept', accept);
  const response = await fetch(apiUrl(path), { ...init, headers, credentials: 'same-origin' });
  if (response.status === 401) {
    window.location.assign(loginUrl());
    return null;
  }
  return response;
}

/** Sends one /api request. Resolves with the parsed body (null for an empty one). */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await send(path, init, 'application/json');
  // The page is leaving: keep callers in their loading state instead of flashing an error.
  if (!response) return new Promise<T>(() => {});
  const body = parseBody(await response.text());
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

/** A file the server writes (a CSV export), as it arrives. */
export async function apiFile(path: string): Promise<Blob> {
  const response = await send(path, { method: 'GET' }, '*/*');
  if (!response) return new Promise<Blob>(() => {});
  if (!response.ok) throw new ApiError(response.status, parseBody(await response.text()));
  return response.blob();
}

/** The file name of a Content-Disposition header (`attachment; filename="a.pdf"`), if any. */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition?.match(/filename="([^"]+)"/) ?? disposition?.match(/filename=([^;\s]+)/);
  return match ? match[1] : null;
}

/** A file the server writes, with the name the server gives it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, { method: 'GET' }, '*/*');
  if (!response) return new Promise(() => {});
  if (!response.ok) throw new ApiError(response.status, parseBody(await response.text()));
  return { blob: await response.blob(), fileName: attachmentName(response.headers.get('Content-Disposition')) };
}

export function apiGet<T>(path: string): Promise<T> {
  return apiRequest<T>(path, { method: 'GET' });
}

export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      for (const item of value) form.append(name, String(item));
    } else if (value instanceof Blob) {
      form.append(name, value);
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}

/** A multipart/form-data post; the browser sets the boundary header itself. */
export function apiPost<T>(path: string, fields: FormFields | FormData): Promise<T> {
  const body = fields instanceof FormData ? fields : toFormData(fields);
  return apiRequest<T>(path, { method: 'POST', body });
}

/** The field messages of any 422 answer (VALIDATION_FAILED or a coded refusal such as
 * DESCRIPTION_NOT_UNIQUE), or of a 429 that names its field (too many calls a minute), or null
 * for any other failure. */
export function refusalErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 429)) return null;
  const body = error.body as { errors?: unknown } | null;
  if (!body || typeof body !== 'object' || !body.errors || typeof body.errors !== 'object') return null;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors as Record<string, unknown>)) {
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}

/** The field messages of any 422 answer (VALIDATION_FAILED, DESCRIPTION_NOT_UNIQUE, ...), or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { errors?: unknown } | null;
  const errors: Record<string, string> = {};
  if (body && typeof body === 'object' && body.errors && typeof body.errors === 'object') {
    for (const [field, message] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof message === 'string') errors[field] = message;
    }
  }
  return errors;
}

/** The field messages of a 422 VALIDATION_FAILED answer, or null for any other failure. */
export function validationErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { code?: unknown; errors?: unknown } | null;
  if (!body || typeof body !== 'object' || body.code !== 'VALIDATION_FAILED') return null;
  if (!body.errors || typeof body.errors !== 'object') return {};
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors as Record<string, unknown>)) {
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}
