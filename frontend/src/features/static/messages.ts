import { ApiError } from '../../lib/api';

// The campaigns and numbers pages' own texts (docs/static-api.md gives the server's messages).
export const LOAD_FAILED = 'Something went wrong loading this page. Please try again.';
export const CAMPAIGN_NOT_FOUND = 'This campaign was not found. It may have been deleted.';
export const NUMBER_NOT_FOUND = 'This number was not found. It may have been released.';
export const ACTION_FAILED = 'Something went wrong. Please try again.';
export const NO_CAMPAIGNS = 'No campaigns yet. Add one, or buy a static number into a new campaign.';
export const NO_CAMPAIGN_NUMBERS = 'This campaign holds no numbers yet.';
export const NO_NUMBERS = 'No tracked numbers found.';
export const NUMBERS_SEARCH_HINT =
  "Search by a number as shown ('0161 496', '+44 161', '0044…'), a campaign, channel or media owner.";

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A page's failure text: its 'not found' text for a 404 (another customer's, or gone), else LOAD_FAILED. */
export function failedText(load: { status: string; error?: unknown }, notFound: string): string {
  return load.status === 'failed' && load.error instanceof ApiError && load.error.status === 404 ? notFound : LOAD_FAILED;
}
