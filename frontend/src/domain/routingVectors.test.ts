// @vitest-environment node
// The call routing vectors of crates/domain/tests/routing_vectors.json through the wasm build:
// `cargo test` checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as domain from './routing';
import type { TimeRow, WorkingHours } from './index';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/routing_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { workingHours: WorkingHours; cases: Case[] };
const worked = domain.workingHoursRows(vectors.workingHours);
const workingHours: TimeRow[] = worked.ok ? worked.rows : [];

/** A refusal (an unknown time zone) as the native harness writes it: { error }. */
function orError(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'validateServicePlan':
      return domain.validateServicePlan(a[0], a[1]);
    case 'setRowType':
      return domain.setRowType(a[0], a[1]);
    case 'timeTemplate':
      return domain.timeTemplate(a[0]);
    case 'workingHoursRows':
      return domain.workingHoursRows(a[0]);
    case 'weekGrid':
      return domain.weekGrid(a[0]);
    case 'whereDoesACallGo':
      return orError(() => domain.whereDoesACallGo(a[0] === 'WORKING_HOURS' ? workingHours : a[0], a[1], Date.parse(a[2])));
    case 'validateConnectBasic':
      return domain.validateConnectBasic(a[0]);
    case 'validateConnectAdvanced':
      return domain.validateConnectAdvanced(a[0], a[1]);
    case 'hasOnlyBasicFeatures':
      return domain.hasOnlyBasicFeatures(a[0]);
    case 'usesAdditionalFeatures':
      return domain.usesAdditionalFeatures(a[0]);
    case 'validateDestinationNumber':
      return domain.validateDestinationNumber(a[0], a[1]);
    case 'validateDestinationPlan':
      return domain.validateDestinationPlan(a[0], a[1]);
    case 'fitDestinationPlan':
      return domain.fitDestinationPlan(a[0]);
    case 'validateQueue':
      return domain.validateQueue(a[0], a[1]);
    case 'validateVoicemail':
      return domain.validateVoicemail(a[0]);
    case 'validateAudio':
      return domain.validateAudio(a[0], a[1]);
    case 'audioContentProblem':
      return domain.audioContentProblem(a[0], new Uint8Array(a[1]));
    case 'validateCategory':
      return domain.validateCategory(a[0], a[1]);
    case 'validateReportGroup':
      return domain.validateReportGroup(a[0], a[1]);
    case 'validateInCallAttribution':
      return domain.validateInCallAttribution(a[0], a[1]);
    case 'validateDtmfPlan':
      return domain.validateDtmfPlan(a[0]);
    case 'validateDtmfIvr':
      return domain.validateDtmfIvr(a[0]);
    case 'validateDynamicWhisper':
      return domain.validateDynamicWhisper(a[0], a[1]);
    case 'whisperTextProblem':
      return domain.whisperTextProblem(a[0]);
    case 'routingAccess':
      return domain.routingAccess(a[0]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('call routing rules through wasm give the native answers', () => {
  test('the working-hours vector builds', () => expect(worked.ok).toBe(true));
  test.each(vectors.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});

// Arbitrary arguments for the same calls (crates/domain/tests/fuzz/routing.json, written by the
// native fuzz harness with the native answers): the wasm build answers them the same.
const FUZZ = new URL('../../../crates/domain/tests/fuzz/routing.json', import.meta.url);
const fuzz = JSON.parse(readFileSync(FUZZ, 'utf8')) as { cases: Case[] };

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(fuzz.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
