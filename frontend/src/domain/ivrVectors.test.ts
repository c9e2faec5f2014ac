// @vitest-environment node
// The IVR vectors of crates/domain/tests/ivr_vectors.json through the wasm build: `cargo test`
// checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as domain from './ivr';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/ivr_vectors.json', import.meta.url);
const { cases } = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

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
    case 'ivrAddKey':
      return domain.ivrAddKey(a[0]);
    case 'ivrRemoveKey':
      return domain.ivrRemoveKey(a[0], a[1]);
    case 'ivrSetRepeatKey':
      return domain.ivrSetRepeatKey(a[0], a[1]);
    case 'ivrSetKeyType':
      return domain.ivrSetKeyType(a[0], a[1], a[2]);
    case 'ivrSetHangUpAfterAudio':
      return domain.ivrSetHangUpAfterAudio(a[0], a[1]);
    case 'validateIvr':
      return domain.validateIvr(a[0], a[1]);
    case 'ivrFlow':
      return domain.ivrFlow(a[0], a[1]);
    case 'servicePlanFlow':
      return domain.servicePlanFlow(a[0], a[1]);
    case 'followCall':
      return orError(() => domain.followCall(a[0], [], a[1], Date.parse(a[2]), a[3], a[4]));
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('IVR rules through wasm give the native answers', () => {
  test.each(cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});

// Arbitrary arguments for the same calls (crates/domain/tests/fuzz/ivr.json, written by the
// native fuzz harness with the native answers): the wasm build answers them the same.
const FUZZ = new URL('../../../crates/domain/tests/fuzz/ivr.json', import.meta.url);
const fuzz = JSON.parse(readFileSync(FUZZ, 'utf8')) as { cases: Case[] };

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(fuzz.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
