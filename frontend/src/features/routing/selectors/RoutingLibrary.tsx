import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLoader, type Load } from '../../../lib/useLoader';
import {
  getCustomerAudios,
  getDestinationNumbers,
  getQueues,
  getRoutings,
  getServicePlansList,
  getVoicemails,
  type AudioOption,
  type Described,
  type DestinationNumber,
  type DestinationPlanOption,
  type InternationalCode,
  type Queue,
  type ServicePlanOption,
  type Voicemail,
} from '../api/editors';
import { getIvrList, type IvrOption } from '../api/ivrs';
import {
  getAttributionChoices,
  getCategories,
  getDynamicWhispers,
  getInCallAttributions,
  getPrimaryReportGroups,
  getSecondaryReportGroups,
  type AttributionChoice,
  type InCallAttribution,
} from '../api/extras';

export type ListStatus = 'loading' | 'ready' | 'failed';

/** One list of the library: its items (kept on screen while it reloads) and how its load went. */
export interface LibraryList<T> {
  status: ListStatus;
  items: T[];
}

export interface RoutingLibrary {
  /** Service plans; the first is { id: 0, description: '-- Disconnect --' }. */
  plans: LibraryList<ServicePlanOption>;
  /** Destination plans (manageroutings/getRoutings). */
  routings: LibraryList<DestinationPlanOption>;
  destinations: LibraryList<DestinationNumber>;
  internationalCodes: LibraryList<InternationalCode>;
  queues: LibraryList<Queue>;
  audios: LibraryList<AudioOption>;
  voicemails: LibraryList<Voicemail>;
  /** Every IVR, child IVRs too (manageivrrouting/getIvrList/1). */
  ivrs: LibraryList<IvrOption>;
  /** In-call attribution plans (manageconnections/getInCallAttribution), with their values. */
  attributions: LibraryList<InCallAttribution>;
  /** Call categories (manageroutings/getCategories). */
  categories: LibraryList<Described>;
  reportGroups: LibraryList<Described>;
  secondaryReportGroups: LibraryList<Described>;
  /** Post call agent attribution: the DTMF plans, then the DTMF IVRs (values 'IVR_{id}'). */
  attributionOptions: LibraryList<AttributionChoice>;
  dynamicWhispers: LibraryList<Described>;
  reloadPlans: () => Promise<void>;
  reloadRoutings: () => Promise<void>;
  /** Destination numbers and the international codes. */
  reloadDestinations: () => Promise<void>;
  reloadQueues: () => Promise<void>;
  reloadAudios: () => Promise<void>;
  reloadVoicemails: () => Promise<void>;
  reloadIvrs: () => Promise<void>;
  reloadAttributions: () => Promise<void>;
  reloadCategories: () => Promise<void>;
  reloadReportGroups: () => Promise<void>;
  reloadSecondaryReportGroups: () => Promise<void>;
  reloadAttributionOptions: () => Promise<void>;
  reloadDynamicWhispers: () => Promise<void>;
  reloadAll: () => Promise<void>;
}

const RoutingLibraryContext = createContext<RoutingLibrary | null>(null);

/** The lists a provider can load (internationalCodes come with destinations). */
export type LibraryListName =
  | 'plans'
  | 'routings'
  | 'destinations'
  | 'queues'
  | 'audios'
  | 'voicemails'
  | 'ivrs'
  | 'attributions'
  | 'categories'
  | 'reportGroups'
  | 'secondaryReportGroups'
  | 'attributionOptions'
  | 'dynamicWhispers';

const ALL_LISTS: readonly LibraryListName[] = [
  'plans',
  'routings',
  'destinations',
  'queues',
  'audios',
  'voicemails',
  'ivrs',
  'attributions',
  'categories',
  'reportGroups',
  'secondaryReportGroups',
  'attributionOptions',
  'dynamicWhispers',
];

function listOf<T, U = T>(load: Load<T>, pick: (data: T) => U[] = (data) => data as unknown as U[]): LibraryList<U> {
  switch (load.status) {
    case 'loading':
      return { status: 'loading', items: [] };
    case 'failed':
      return { status: 'failed', items: [] };
    case 'ready':
      return { status: 'ready', items: pick(load.data) };
  }
}

/**
 * Loads every list the routing selectors and editors choose from, once, for everything inside;
 * the reload functions fetch one list again (after a save) and keep the old one on screen meanwhile.
 */
export function RoutingLibraryProvider({
  children,
  lists = ALL_LISTS,
}: {
  children: ReactNode;
  /** Only these lists are fetched (the others stay 'loading'); every list by default. */
  lists?: readonly LibraryListName[];
}) {
  const wants = (name: LibraryListName) => lists.includes(name);
  const [plans, reloadPlans] = useLoader(wants('plans') ? getServicePlansList : null);
  const [routings, reloadRoutings] = useLoader(wants('routings') ? getRoutings : null);
  const [destinations, reloadDestinations] = useLoader(wants('destinations') ? getDestinationNumbers : null);
  const [queues, reloadQueues] = useLoader(wants('queues') ? getQueues : null);
  const [audios, reloadAudios] = useLoader(wants('audios') ? getCustomerAudios : null);
  const [voicemails, reloadVoicemails] = useLoader(wants('voicemails') ? getVoicemails : null);
  const [ivrs, reloadIvrs] = useLoader(wants('ivrs') ? getIvrList : null);
  const [attributions, reloadAttributions] = useLoader(wants('attributions') ? getInCallAttributions : null);
  const [categories, reloadCategories] = useLoader(wants('categories') ? getCategories : null);
  const [reportGroups, reloadReportGroups] = useLoader(wants('reportGroups') ? getPrimaryReportGroups : null);
  const [secondaryReportGroups, reloadSecondaryReportGroups] = useLoader(
    wants('secondaryReportGroups') ? getSecondaryReportGroups : null,
  );
  const [attributionOptions, reloadAttributionOptions] = useLoader(
    wants('attributionOptions') ? getAttributionChoices : null,
  );
  const [dynamicWhispers, reloadDynamicWhispers] = useLoader(wants('dynamicWhispers') ? getDynamicWhispers : null);

  const value = useMemo((): RoutingLibrary => {
    const reloads = [
      reloadPlans,
      reloadRoutings,
      reloadDestinations,
      reloadQueues,
      reloadAudios,
      reloadVoicemails,
      reloadIvrs,
      reloadAttributions,
      reloadCategories,
      reloadReportGroups,
      reloadSecondaryReportGroups,
      reloadAttributionOptions,
      reloadDynamicWhispers,
    ];
    return {
      plans: listOf(plans),
      routings: listOf(routings),
      destinations: listOf(destinations, (data) => data.destinations),
      internationalCodes: listOf(destinations, (data) => data.internationalCodes),
      queues: listOf(queues),
      audios: listOf(audios),
      voicemails: listOf(voicemails),
      ivrs: listOf(ivrs),
      attributions: listOf(attributions),
      categories: listOf(categories),
      reportGroups: listOf(reportGroups),
      secondaryReportGroups: listOf(secondaryReportGroups),
      attributionOptions: listOf(attributionOptions),
      dynamicWhispers: listOf(dynamicWhispers),
      reloadPlans,
      reloadRoutings,
      reloadDestinations,
      reloadQueues,
      reloadAudios,
      reloadVoicemails,
      reloadIvrs,
      reloadAttributions,
      reloadCategories,
      reloadReportGroups,
      reloadSecondaryReportGroups,
      reloadAttributionOptions,
      reloadDynamicWhispers,
      reloadAll: async () => {
        await Promise.all(reloads.map((reload) => reload()));
      },
    };
  }, [
    plans,
    routings,
    destinations,
    queues,
    audios,
    voicemails,
    ivrs,
    attributions,
    categories,
    reportGroups,
    secondaryReportGroups,
    attributionOptions,
    dynamicWhispers,
    reloadPlans,
    reloadRoutings,
    reloadDestinations,
    reloadQueues,
    reloadAudios,
    reloadVoicemails,
    reloadIvrs,
    reloadAttributions,
    reloadCategories,
    reloadReportGroups,
    reloadSecondaryReportGroups,
    reloadAttributionOptions,
    reloadDynamicWhispers,
  ]);

  return <RoutingLibraryContext.Provider value={value}>{children}</RoutingLibraryContext.Provider>;
}

export function useRoutingLibrary(): RoutingLibrary {
  const value = useContext(RoutingLibraryContext);
  if (!value) throw new Error('useRoutingLibrary needs a RoutingLibraryProvider');
  return value;
}

/** The descriptions of a list's records other than `exceptId` (uniqueness checks). */
export function otherDescriptions(items: { id: number; description: string }[], exceptId: number): string[] {
  return items.filter((item) => item.id !== exceptId && item.id !== 0).map((item) => item.description);
}
