// Call-to-actions (docs/cta-api.md): the calls of /cta and /cta/{id}, typed from the generated
// API contract.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type CtasPage = Schemas['CtasPage'];
export type CtaView = Schemas['CtaView'];
export type CtaDetail = Schemas['CtaDetail'];
export type ClickView = Schemas['ClickView'];
export type CtaCall = Schemas['CallLogRow'];
export type KindChoice = Schemas['KindChoice'];

/** The form's values, as posted and as a call-to-action's `form` holds them. */
export interface CtaValues {
  name: string;
  kind: string;
  selector: string;
  /** '1': all pages. */
  allPages: string;
  /** One pattern a line. */
  pages: string;
}

export function getCtas(): Promise<CtasPage> {
  return apiGet<CtasPage>('cta/getCtas');
}

export function getCta(id: string, page = 1): Promise<CtaDetail> {
  return apiGet<CtaDetail>(`cta/getCta/${encodeURIComponent(id)}?page=${page}`);
}

export function saveCta(id: number | null, v: CtaValues): Promise<{ id: number }> {
  return apiPost(id === null ? 'cta/addCta' : `cta/editCta/${id}`, {
    form_name: v.name,
    form_kind: v.kind,
    form_selector: v.selector,
    form_all_pages: v.allPages,
    form_pages: v.pages,
  });
}

export function deleteCta(id: number): Promise<{ clicks: number }> {
  return apiPost(`cta/deleteCta/${id}`, {});
}

/** The pages in words: 'All pages' or the patterns. */
export function pagesText(cta: Pick<CtaView, 'pages'>): string {
  return cta.pages.length === 0 ? 'All pages' : cta.pages.join(', ');
}
