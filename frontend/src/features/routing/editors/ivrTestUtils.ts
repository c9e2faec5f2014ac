// Test data of the IVR screens: the answers of docs/ivr-api.md for a two-level menu.
import { ivrFlow } from '../../../domain/ivr';
import { type IvrLibrary, type StoredIvr } from '../../../domain';
import { jsonResponse } from '../../../test/fixtures';
import type { IvrAnswer } from '../api/ivrs';
import { ROUTINGS, VOICEMAILS, type Answers } from '../selectors/libraryTestUtils';

export const IVR_LIST = [
  { id: 71, description: 'Main menu', isChild: '0' },
  { id: 72, description: 'Billing menu', isChild: '1' },
  { id: 73, description: 'Closed', isChild: '1' },
];

const key = (k: string, description: string, type: 'routing' | 'ivr' | 'voicemail', target: number, categoryId = 0) => ({
  key: k,
  description,
  type,
  destinationId: type === 'routing' ? target : 0,
  ivrId: type === 'ivr' ? target : 0,
  voicemailId: type === 'voicemail' ? target : 0,
  categoryId,
});

/** Main menu: 1 Reception, 2 the Billing menu, 3 voicemail, 4 repeats; 1 by default. */
export const MAIN_MENU: IvrAnswer = {
  id: 71,
  description: 'Main menu',
  isChild: '0',
  introAudio: 51,
  logKeys: 1,
  reportGroupId: 91,
  secondaryReportGroupId: 0,
  hasDeadEnd: 0,
  repeatKey: '4',
  defaultKey: '1',
  repeatAudio: '2',
  options: [
    key('1', 'Reception', 'routing', 21, 81),
    key('2', 'Billing', 'ivr', 72, 82),
    key('3', 'Leave a message', 'voicemail', 61),
    key('4', 'Hear again', 'routing', 0),
  ],
};

/** Billing menu (a child): 1 Out of hours, 2 back to the main menu, 3 the Closed menu. */
export const BILLING_MENU: IvrAnswer = {
  id: 72,
  description: 'Billing menu',
  isChild: '1',
  introAudio: 52,
  logKeys: 0,
  reportGroupId: 0,
  secondaryReportGroupId: 0,
  hasDeadEnd: 0,
  repeatKey: 'none',
  defaultKey: '',
  repeatAudio: '1',
  options: [key('1', 'Accounts', 'routing', 22), key('2', 'Main menu', 'ivr', 71), key('3', 'Closed', 'ivr', 73)],
};

/** Closed (a child): hangs up after its audio. */
export const CLOSED_MENU: IvrAnswer = {
  ...BILLING_MENU,
  id: 73,
  description: 'Closed',
  hasDeadEnd: 1,
  options: [],
};

function stored(ivr: IvrAnswer): StoredIvr {
  return {
    id: Number(ivr.id),
    description: ivr.description,
    isChild: ivr.isChild === '1',
    introAudio: Number(ivr.introAudio),
    logKeys: ivr.logKeys === 1,
    reportGroupId: Number(ivr.reportGroupId),
    secondaryReportGroupId: Number(ivr.secondaryReportGroupId),
    hasDeadEnd: ivr.hasDeadEnd === 1,
    repeatKey: ivr.repeatKey ?? 'none',
    defaultKey: ivr.defaultKey ?? '',
    repeatAudio: String(ivr.repeatAudio),
    options: ivr.options.map((o) => ({
      key: o.key,
      description: o.description,
      type: o.type,
      destinationId: Number(o.destinationId),
      ivrId: Number(o.ivrId),
      voicemailId: Number(o.voicemailId),
      categoryId: Number(o.categoryId),
    })),
  };
}

export const IVR_LIBRARY: IvrLibrary = {
  ivrs: [MAIN_MENU, BILLING_MENU, CLOSED_MENU].map(stored),
  destinationPlans: ROUTINGS.map(({ id, description }) => ({ id, description })),
  voicemails: VOICEMAILS.map(({ id, description }) => ({ id, description })),
};

export const CATEGORIES = [
  { id: 81, description: 'Sales' },
  { id: 82, description: 'Support' },
];
export const REPORT_GROUPS = [{ id: 91, description: 'North' }];

export function charges(used: number, credits = 3) {
  return () => jsonResponse({ cost: '5.00', frequency: 'month', credits, used });
}

/** The IVR lists and libraries; secondary report groups answer 404 (not there yet). */
export function ivrAnswers(overrides: Answers = {}): Answers {
  return {
    '/api/manageivrrouting/getIvrList/1': () => jsonResponse({ ivrs: IVR_LIST }),
    '/api/manageroutings/getCategories': () => jsonResponse({ categories: CATEGORIES }),
    '/api/managereportgroup/getReportGroups': () => jsonResponse({ reportGroups: REPORT_GROUPS }),
    '/api/manageivrrouting/getIvrLibrary': () => jsonResponse(IVR_LIBRARY),
    '/api/manageivrrouting/getIvrDetails/71': () =>
      jsonResponse({ ivr: MAIN_MENU, affectedNumbers: [{ NumbNGNumber: '01614960001' }, { VlnsDescription: 'Website pool' }] }),
    '/api/manageivrrouting/getIvrDetails/72': () => jsonResponse({ ivr: BILLING_MENU, affectedNumbers: [] }),
    '/api/managemultilevelivr/getMultiLevelIvr/71': () =>
      jsonResponse({ ivrFlow: ivrFlow(71, IVR_LIBRARY), canClone: true }),
    '/api/managemultilevelivr/getMultiLevelIvr/72': () =>
      jsonResponse({ ivrFlow: ivrFlow(72, IVR_LIBRARY), canClone: false }),
    '/api/managemultilevelivr/getMultiIvrCharges': charges(1),
    ...overrides,
  };
}
