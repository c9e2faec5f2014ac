// The purchase, pricing and plan calls of docs/services-api.md, typed.
import type { PlanScopes } from '../../domain';
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** A catalogue price; price absent or null: price on application. */
export type PriceItem = Schemas['PriceItem'];

/** A user who may be given outbound. */
export type OutboundCandidate = Schemas['OutboundCandidate'];

/** services/getAddonPrice: the add-on's (or plan's) prices; upgradePrice absent or null when none. */
export type AddonPrice = Schemas['AddonPrice'];

/** A line of a breakdown; the new* figures come where the line changes (absent or null otherwise). */
export type ChargeLine = Schemas['ChargeLine'];

/** A usage-based charge; its price in pence. */
export type UsageCharge = Schemas['UsageCharge'];

/** services/getCustomerCharges: the lines and totals by billing frequency. */
export type Breakdown = Schemas['Breakdown'];

/** services/getCustomerChargesUpgrade: the current breakdown and the new one. */
export type Comparison = Schemas['Comparison'];

export type PlanPrice = Schemas['PlanPrice'];

/** An add-on's Starter and Professional prices (absent or null where a plan does not sell it). */
export type AddonPrices = Schemas['AddonPrices'];

/** services/getAllPrices: the catalogue's prices, each asked-for add-on's under its scope. */
export type AllPrices = Schemas['AllPrices'];

type PlanList = Schemas['PlanList'];

export type Done = Schemas['Done'];

export function getAddonPrice(scope: string, requiresUpgrade: boolean): Promise<AddonPrice> {
  return apiPost<AddonPrice>('services/getAddonPrice', { scope, requiresUpgrade: requiresUpgrade ? '1' : '0' });
}

export function upgradePlan(): Promise<Done> {
  return apiPost<Done>('services/upgrade', {});
}

export function addAddon(scope: string, userId?: number): Promise<Done> {
  return apiPost<Done>('services/addAddon', userId === undefined ? { scope } : { scope, userId });
}

export function getAllPrices(scopes: string[]): Promise<AllPrices> {
  return apiGet<AllPrices>(`services/getAllPrices/${scopes.map(encodeURIComponent).join(',')}`);
}

export function getCustomerCharges(): Promise<Breakdown> {
  return apiGet<Breakdown>('services/getCustomerCharges');
}

export function getCustomerChargesUpgrade(productCode: string): Promise<Comparison> {
  return apiGet<Comparison>(`services/getCustomerChargesUpgrade/?product_code=${encodeURIComponent(productCode)}`);
}

export async function getPlanScopes(): Promise<PlanScopes[]> {
  return (await apiGet<PlanList>('services/getPlanScopes')).plans;
}
