// The dynamic URL and website-check answers of issue 12's API contract.

type Flag = 0 | 1;

export interface PreviousDayCheck {
  WechMhct: Flag;
  WechMhctWorking: Flag;
  WechStatus: number;
  /** Unix seconds. */
  checkedAt: number;
}

export interface DynamicUrl {
  VcamID: number;
  VcamDescription: string;
  VcamReference: string;
  url: string;
  previousDayCheck: PreviousDayCheck | null;
}

/** A website-check job; WechStatus 1 to 6 (spec: website check). */
export interface Job {
  jobId: number;
  VcamID: number;
  WechStatus: number;
  WechMhct: Flag;
  WechMhctWorking: Flag;
  WechTagManager: Flag;
  WechBingAds: Flag;
  WechGoogleAds: Flag;
  WechGoogleAnalytics: Flag;
  WechHubSpot: Flag;
  WechOptimizelyX: Flag;
  WechMarin: Flag;
  checkedAt: number | null;
}
