// @vitest-environment node
// The shared test vectors of crates/domain/tests/vectors.json, run through the wasm build: the
// native domain runs the same file in `cargo test`, so both must give the same answers.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  validateBillingDetails,
  validateGaConnect,
  validateIntegrationSettings,
  validateUserForm,
  type BillingDetailsForm,
} from './forms';
import {
  buildMenu,
  canManageIntegrations,
  formatDate,
  guardRoute,
  integrationForPage,
  integrationOverview,
  pageTitle,
  resolveRoute,
  showsDynamicUrls,
  type AccountInput,
  type AddonOffer,
  type FeatureCell,
  type PlanScopes,
  type ChargeItem,
  type GuardStep,
  type IntegrationCard,
  type MenuNode,
  type NumberFormat,
  type UserForm,
  type UserFormContext,
  type WebsiteCheckView,
  websiteCheckView,
} from './index';
import { addonOffer, billingFrequencyWord, inclusiveMinutesText, planComparison, purchaseBarrier, recordingStorageText, scopeQuery, formatMoney, formatPounds, formatNumber, formatPence, formatPrice, quantitySuffix } from './pages';

interface Vectors {
  personas: Record<string, AccountInput>;
  menus: Record<string, { title: string; items: string[] }>;
  guards: { persona: string; path: string; step: GuardStep; lands: string; title: string | null }[];
  prices: [number, string][];
  pence: [number, string][];
  money: [number, string][];
  pounds: [number, string][];
  suffixes: [ChargeItem, string | null][];
  frequencies: [string, number | null, string][];
  dates: [string, string | null][];
  numbers: [string, NumberFormat, string][];
  pageTitles: [string, string | null, string][];
  userForms: [UserForm, UserFormContext, Record<string, string>][];
  integrations: {
    persona: string;
    configured: string[];
    cards: Record<'authorised' | 'unauthorised' | 'addOns', string[]>;
  }[];
  integrationPages: [string, string][];
  websiteChecks: [number, boolean, boolean, WebsiteCheckView][];
  integrationManagers: [string, boolean][];
  gaConnect: [string, string, string[], Record<string, string>][];
  integrationSettings: [string, Record<string, string>, Record<string, string>][];
  dynamicUrlSections: [string, boolean][];
  addonOffers: [string, string, boolean, AddonOffer][];
  planComparisons: { plans: PlanScopes[]; categories: string[]; cells: Record<string, FeatureCell[]>; keyScopes: string[] }[];
  scopeQueries: [string, string, string][];
  billingDetails: [Partial<BillingDetailsForm>, Record<string, string>][];
  purchaseBarriers: [string, string, string | null][];
  usageTexts: { inclusiveMinutes: [number, number, string | null][]; recordingStorage: [number, number, string][] };
}

const VECTORS_FILE = new URL('../../../crates/domain/tests/vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as Vectors;
const personas = vectors.personas;

/** The menu as lines, the same flattening the Rust test uses. */
function flatten(items: MenuNode[], parent?: string): string[] {
  return items.flatMap((node) => {
    const own: string[] = [];
    if (node.path !== null) {
      const label = parent ? `${parent} > ${node.label}` : node.label;
      own.push(`${label} ${node.path}${node.chip ? ` [${node.chip}]` : ''}`);
    }
    return [...own, ...flatten(node.children, node.label)];
  });
}

function persona(name: string): AccountInput {
  const account = personas[name];
  if (!account) throw new Error(`no persona named ${name}`);
  return account;
}

const KEYS = [
  'personas',
  'menus',
  'guards',
  'prices',
  'pence',
  'money',
  'suffixes',
  'frequencies',
  'dates',
  'numbers',
  'pageTitles',
  'userForms',
  'integrations',
  'integrationPages',
  'websiteChecks',
  'integrationManagers',
  'gaConnect',
  'integrationSettings',
  'dynamicUrlSections',
  'addonOffers',
  'planComparisons',
  'usageTexts',
  'scopeQueries',
  'billingDetails',
  'purchaseBarriers',
];

test('the vector file has every kind of case', () => {
  for (const key of KEYS) expect(vectors, key).toHaveProperty(key);
  expect(Object.keys(vectors.menus).length).toBeGreaterThanOrEqual(10);
  expect(vectors.guards.length).toBeGreaterThan(0);
});

describe('menus', () => {
  test.each(Object.entries(vectors.menus))('%s', (name, expected) => {
    const menu = buildMenu(persona(name));
    expect({ title: menu.title, items: flatten(menu.items) }).toEqual(expected);
  });
});

describe('guards', () => {
  test.each(vectors.guards.map((c) => [`${c.persona} ${c.path}`, c] as const))('%s', (_, c) => {
    const account = persona(c.persona);
    expect(guardRoute(c.path, account)).toEqual(c.step);
    const resolution = resolveRoute(c.path, account);
    expect(resolution.path).toBe(c.lands);
    expect(resolution.title).toBe(c.title);
  });
});

describe('formats', () => {
  test.each(vectors.prices)('price %s', (pounds, expected) => {
    expect(formatPrice(pounds)).toBe(expected);
  });
  test.each(vectors.pence)('pence %s', (pence, expected) => {
    expect(formatPence(pence)).toBe(expected);
  });
  test.each(vectors.money)('money %s', (pounds, expected) => {
    expect(formatMoney(pounds)).toBe(expected);
  });
  test.each(vectors.pounds)('pounds %s', (pounds, expected) => {
    expect(formatPounds(pounds)).toBe(expected);
  });
  test.each(vectors.suffixes)('suffix %j', (item, expected) => {
    expect(quantitySuffix(item)).toBe(expected);
  });
  test.each(vectors.frequencies)('frequency %s months, id %s', (months, id, expected) => {
    expect(billingFrequencyWord(months, id)).toBe(expected);
  });
  test.each(vectors.dates)('date %s', (stored, expected) => {
    expect(formatDate(stored)).toBe(expected);
  });
  test.each(vectors.numbers)('number %s as %j', (number, format, expected) => {
    expect(formatNumber(number, format)).toBe(expected);
  });
  test.each(vectors.pageTitles)('page title %s, %s', (product, title, expected) => {
    expect(pageTitle(product, title)).toBe(expected);
  });
});

describe('user forms', () => {
  test.each(vectors.userForms.map((c, i) => [i, ...c] as const))('case %i', (_, form, context, expected) => {
    expect(validateUserForm(form, context)).toEqual(expected);
  });
});

describe('integration cards', () => {
  /** The same lines the Rust test makes: "<identifier> <main button>[ remove]". */
  const lines = (cards: IntegrationCard[]) =>
    cards.map((c) => `${c.identifier} ${c.buttons.main}${c.buttons.remove ? ' remove' : ''}`);
  test.each(vectors.integrations)('$persona', ({ persona: name, configured, cards }) => {
    const overview = integrationOverview(persona(name), configured);
    expect({
      authorised: lines(overview.authorised),
      unauthorised: lines(overview.unauthorised),
      addOns: lines(overview.addOns),
    }).toEqual(cards);
  });
});

describe('integration pages, website checks and forms', () => {
  test.each(vectors.integrationPages)('page %s shows %s', (path, identifier) => {
    expect(integrationForPage(path) ?? 'null').toBe(identifier);
  });
  test.each(vectors.websiteChecks)('status %i (script %s, working %s)', (status, mhct, working, view) => {
    expect(websiteCheckView(status, mhct, working)).toEqual(view);
  });
  test.each(vectors.dynamicUrlSections)('%s sees Dynamic URLs: %s', (name, expected) => {
    expect(showsDynamicUrls(persona(name))).toBe(expected);
  });
  test.each(vectors.integrationManagers)('%s manages integrations: %s', (name, expected) => {
    expect(canManageIntegrations(persona(name))).toBe(expected);
  });
  test.each(vectors.gaConnect)('Google Analytics %j %j', (id, type, options, errors) => {
    expect(validateGaConnect(id, type, options)).toEqual(errors);
  });
  test.each(vectors.integrationSettings)('settings of %s %j', (identifier, fields, errors) => {
    expect(validateIntegrationSettings(identifier, fields)).toEqual(errors);
  });
});

describe('purchase offers', () => {
  test.each(vectors.addonOffers)('%s buying %s (view only %s)', (name, scope, viewOnly, offer) => {
    expect(addonOffer(persona(name), scope, viewOnly)).toEqual(offer);
  });
});

describe('plan comparisons', () => {
  test.each(vectors.planComparisons.map((c) => [c.plans.map((p) => p.plan).join(', '), c] as const))('%s', (_, c) => {
    const comparison = planComparison(c.plans);
    expect(comparison.categories.map((category) => category.name)).toEqual(c.categories);
    const rows = comparison.categories.flatMap((category) => category.rows);
    for (const [scope, cells] of Object.entries(c.cells)) {
      expect(rows.find((row) => row.scope === scope)?.cells, scope).toEqual(cells);
    }
    expect(rows.filter((row) => row.key).map((row) => row.scope)).toEqual(c.keyScopes);
  });
});

describe('usage texts', () => {
  test.each(vectors.usageTexts.inclusiveMinutes)('%s of %s minutes left', (left, total, text) => {
    expect(inclusiveMinutesText(left, total) ?? null).toBe(text);
  });
  test.each(vectors.usageTexts.recordingStorage)('%s days, %s free', (days, free, text) => {
    expect(recordingStorageText(days, free)).toBe(text);
  });
});

describe('subscription scope queries', () => {
  test.each(vectors.scopeQueries)('%s asking for %s', (name, scope, answer) => {
    expect(scopeQuery(persona(name), scope)).toBe(answer);
  });
});

describe('billing details', () => {
  const empty: BillingDetailsForm = {
    companyName: '',
    street1: '',
    street2: '',
    town: '',
    county: '',
    postCode: '',
    contactName: '',
    contactEmail: '',
    contactTelephone: '',
    poNumber: '',
  };
  test.each(vectors.billingDetails.map((c, i) => [i, c] as const))('case %s', (_, [form, errors]) => {
    expect(validateBillingDetails({ ...empty, ...form })).toEqual(errors);
  });
});

describe('purchase barriers', () => {
  test.each(vectors.purchaseBarriers)('%s buying %s', (name, scope, barrier) => {
    expect(purchaseBarrier(persona(name), scope)).toBe(barrier);
  });
});
