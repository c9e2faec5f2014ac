// The only contact details the spec lets messages show.
export const SUPPORT_PHONE = '0161 496 0000';
export const SUPPORT_EMAIL = 'clientservices@calltrack.example';

/** Fills a message's {phone} and {email}. */
export function withContact(template: string): string {
  return template.replaceAll('{phone}', SUPPORT_PHONE).replaceAll('{email}', SUPPORT_EMAIL);
}
