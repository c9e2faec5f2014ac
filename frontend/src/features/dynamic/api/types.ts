// The dynamic URL and website-check answers, from the generated API contract.
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

/**
 * A website-check job; WechStatus 1 to 6 (spec: website check), the Wech* findings 0 or 1,
 * checkedAt (unix seconds) absent or null until it finished; reason (words) null unless it
 * failed; lastGoodCheckAt when the tracking code was last found working.
 */
export type Job = Schemas['WebsiteCheckJob'];

/** What the list shows of a dynamic URL's previous-day check (the job as it finished). */
export type PreviousDayCheck = Pick<
  Job,
  'WechMhct' | 'WechMhctWorking' | 'WechStatus' | 'checkedAt' | 'reason' | 'lastGoodCheckAt'
>;

/** A dynamic URL; previousDayCheck absent or null when it was not checked. */
export type DynamicUrl = Schemas['DynamicUrlWithCheck'];

/** admin/getDynamicUrls. */
export type DynamicUrls = Schemas['DynamicUrlsWithChecks'];

/** admin/startJob: the job started (or the running or today's one) and its id. */
export type WebsiteCheckStarted = Schemas['WebsiteCheckStarted'];

/** A pool of a dynamic URL with its numbers and routing; servicePlan absent or null for a basic destination. */
export type PoolView = Schemas['DynamicUrlPool'];

/** dynamicurls/getPools. */
export type DynamicUrlPools = Schemas['DynamicUrlPools'];

/** tagmanager/auth: authorised, or the tag manager's OAuth start (authUrl) when not yet. */
export type TagManagerAuth = Schemas['DynamicUrlTagManagerAuth'];
