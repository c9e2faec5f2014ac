// @vitest-environment node
// The reports' vectors of crates/domain/tests/reports_vectors.json through the wasm build:
// `cargo test` checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as reports from './reports';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/reports_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'reportPeriod':
      return reports.reportPeriod(a[0], a[1], a[2]);
    case 'callOutcome':
      return reports.callOutcome(a[0]);
    case 'formatUk':
      return reports.formatUk(a[0]);
    case 'isAbandoned':
      return reports.isAbandoned(a[0], a[1]);
    case 'linkCallbacks':
      return reports.linkCallbacks(a[0]);
    case 'firstTimeCalls':
      return reports.firstTimeCalls(a[0], a[1]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('reports vectors', () => {
  test.each(vectors.cases.map((c, i) => [i, c] as const))('case %s', (_, c) => {
    expect(answer(c.call, c.args)).toEqual(c.expect);
  });
});

// Arbitrary arguments for the same calls (crates/domain/tests/fuzz/reports.json, written by the
// native fuzz harness with the native answers): the wasm build answers them the same.
const FUZZ = new URL('../../../crates/domain/tests/fuzz/reports.json', import.meta.url);
const fuzz = JSON.parse(readFileSync(FUZZ, 'utf8')) as { cases: Case[] };

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(fuzz.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
