// @vitest-environment node
// The number purchase forms' vectors of crates/domain/tests/services_vectors.json through the
// wasm build: `cargo test` checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { onlineText } from './pages';
import * as services from './services';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/services_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'validateStaticNumber':
      return services.validateStaticNumber(a[0]);
    case 'validateNewServicePlan':
      return services.validateNewServicePlan(a[0], a[1], a[2]);
    case 'validateInlineAdd':
      return services.validateInlineAdd(a[0], a[1], a[2]);
    case 'validateDynamicPool':
      return services.validateDynamicPool(a[0]);
    case 'validateNumberAttribution':
      return services.validateNumberAttribution(a[0]);
    case 'releaseNote':
      return services.releaseNote(a[0], a[1], a[2]);
    case 'onlineText':
      return onlineText(a[0]);
    case 'validateParameterName':
      return services.validateParameterName(a[0], a[1]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('number purchase vectors', () => {
  test.each(vectors.cases.map((c, i) => [i, c] as const))('case %s', (_, c) => {
    expect(answer(c.call, c.args)).toEqual(c.expect);
  });
});

// Arbitrary arguments for the same calls (crates/domain/tests/fuzz/services.json, written by the
// native fuzz harness with the native answers): the wasm build answers them the same.
const FUZZ = new URL('../../../crates/domain/tests/fuzz/services.json', import.meta.url);
const fuzz = JSON.parse(readFileSync(FUZZ, 'utf8')) as { cases: Case[] };

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(fuzz.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
