import { apiGet, apiPost } from '../../../lib/api';
import type { Done, GaConnectOptions, GaProperty } from './types';

export type { GaConnectOptions, GaProperty };

export async function getGaConnectOptions(): Promise<GaConnectOptions> {
  const answer = await apiGet<Partial<GaConnectOptions> | null>('admin/getGAConnectOptions');
  return {
    connected: answer?.connected === true,
    properties: Array.isArray(answer?.properties) ? answer.properties : [],
  };
}

/** propertyType: '1' sends calls as events, '2' as virtual pageviews. */
export async function connectGaProperty(property: GaProperty, propertyType: string): Promise<void> {
  const answer = await apiPost<Done | null>('managegoogleanalytics/connect', {
    form_ga_property_id: property.ua,
    [`form_ga_property_url[${property.ua}]`]: property.url,
    form_ga_property_type: propertyType,
  });
  if (answer?.success !== true) throw new Error('The property was not saved');
}
