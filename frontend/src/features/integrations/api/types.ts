// The integration answers (admin/getIntegrationsList and friends), from the generated API contract.
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** A stored connection: the provider account, when it was made (unix seconds) and its settings. */
export type Connection = Schemas['IntegrationConnection'];

/**
 * An integration card. configureUrl: an app page path ("/googleanalytics"), or for the external
 * ones an https URL. connectUrl: OAuth ones, the api path "integrations/connect/<id>" (GET answers
 * the authUrl); settings ones, the app page path (starts with "/"); external ones, an https URL
 * for a new window. removeUrl: "integrations/remove/<id>", absent or null when there is nothing
 * to remove. connection: absent or null when none is stored.
 */
export type Integration = Schemas['Integration'];

export type IntegrationsList = Schemas['IntegrationsList'];

export type IntegrationsSettings = Schemas['IntegrationsSettingsAnswer'];

/** integrations/connect/<id>. */
export type IntegrationAuthUrl = Schemas['IntegrationAuthUrl'];

export type GaProperty = Schemas['GaConnectProperty'];

export type GaConnectOptions = Schemas['GaConnectOptions'];

/** integrations/provider_settings/<id>: the login's accounts or portals and the current choice. */
export type ProviderSettingsOptions = Schemas['ProviderSettingsOptions'];

/** integrations/ftp_export/test: whether it connected and wrote the test file, in words. */
export type FtpConnectionTest = Schemas['FtpConnectionTest'];

/** The success answer of the remove, settings and Google Analytics connect posts. */
export type Done = Schemas['Done'];
