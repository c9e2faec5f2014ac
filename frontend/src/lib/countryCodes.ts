// The international code a phone number field starts on: the UK's (the spec's "Default country
// code 44"), found by its code whatever its id.

export const UK_COUNTRY_CODE = '44';

/** Whether an international code option is the UK's ('44' or '+44'). */
export const isUkCode = (option: { code: string }) => option.code.replace(/^\+/, '') === UK_COUNTRY_CODE;

/** The UK's option's id among `options`, else 0 (none chosen). */
export function ukCodeId(options: readonly { id: number; code: string }[]): number {
  return options.find(isUkCode)?.id ?? 0;
}
