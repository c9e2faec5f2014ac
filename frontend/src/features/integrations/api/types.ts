// The integration answers of issue 12's API contract (admin/getIntegrationsList and friends).

/** A stored connection: the provider account, when it was made (unix seconds) and its settings. */
export interface Connection {
  account: string;
  connectedAt: number;
  settings: Record<string, string>;
}

export interface Integration {
  identifier: string;
  title: string;
  /** "/manage/integrations/<identifier>.svg" */
  icon: string;
  order: number;
  scope: string;
  isConfigured: boolean;
  isPaidExtra: boolean;
  isBeta: boolean;
  isDynamicOnly: boolean;
  isRecommended: boolean;
  /** An app page path ("/googleanalytics"), or for the external ones an https URL. */
  configureUrl: string;
  /**
   * OAuth ones: the api path "integrations/connect/<id>" (GET answers the authUrl); settings
   * ones: the app page path (starts with "/"); external ones: an https URL for a new window.
   */
  connectUrl: string;
  connectUrlNewWindow: boolean;
  connectUrlExternal: boolean;
  /** "integrations/remove/<id>", null when there is nothing to remove. */
  removeUrl: string | null;
  params: Record<string, string>;
  manualMode: null;
  connection: Connection | null;
}

export interface IntegrationsList {
  integrations: Integration[];
}

export interface IntegrationsSettings {
  integrationSettings: { configured: string[]; dynamicOnly: string[] };
}
