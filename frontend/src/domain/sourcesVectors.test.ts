// @vitest-environment node
// The source / medium classifier's vectors of crates/domain/tests/sources_vectors.json through the
// wasm build: `cargo test` checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as sources from './sources';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/sources_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'classifySourceVisit':
      return sources.classifySourceVisit(a[0], a[1]);
    case 'validateSourceRule':
      return sources.validateSourceRule(a[0]);
    case 'validateSourcePair':
      return sources.validateSourcePair(a[0], a[1]);
    case 'sourcePairInUse':
      return sources.sourcePairInUse(a[0], a[1], a[2]) ?? null;
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('source / medium vectors', () => {
  test.each(vectors.cases.map((c, i) => [i, c] as const))('case %s', (_, c) => {
    expect(answer(c.call, c.args)).toEqual(c.expect);
  });
});

// Arbitrary arguments for the same calls (crates/domain/tests/fuzz/sources.json, written by the
// native fuzz harness with the native answers): the wasm build answers them the same.
const FUZZ = new URL('../../../crates/domain/tests/fuzz/sources.json', import.meta.url);
const fuzz = JSON.parse(readFileSync(FUZZ, 'utf8')) as { cases: Case[] };

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(fuzz.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
