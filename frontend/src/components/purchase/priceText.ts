import { billingFrequencyWord, formatPrice, priceOnApplicationText } from '../../domain/pages';

/** The word for a catalogue frequency: '1' month, '3' quarter, '12' year, '5' one-off, 'per_IVR'. */
export function frequencyWord(frequency: string, frequencyId?: number | null): string {
  return billingFrequencyWord(frequency, frequencyId ?? (frequency === '5' ? 5 : null));
}

/** '£25 per month', '£50 one-off', or 'Price on application' for no price. */
export function priceText(price: number | null | undefined, frequency: string, frequencyId?: number | null): string {
  if (price === null || price === undefined) return priceOnApplicationText();
  const word = frequencyWord(frequency, frequencyId);
  return `${formatPrice(price)} ${word === 'one-off' ? word : `per ${word}`}`;
}
