// @vitest-environment node
// The speech forms' vectors of crates/domain/tests/speech_vectors.json through the wasm build:
// `cargo test` checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as speech from './speech';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/speech_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'validateVoiceTag':
      return speech.validateVoiceTag(a[0], a[1]);
    case 'validateVocabulary':
      return speech.validateVocabulary(a[0], a[1]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('speech vectors', () => {
  test.each(vectors.cases.map((c, i) => [i, c] as const))('case %s', (_, c) => {
    expect(answer(c.call, c.args)).toEqual(c.expect);
  });
});

// Arbitrary arguments for the same calls (crates/domain/tests/fuzz/speech.json, with the native answers).
const FUZZ = new URL('../../../crates/domain/tests/fuzz/speech.json', import.meta.url);
const fuzz = JSON.parse(readFileSync(FUZZ, 'utf8')) as { cases: Case[] };

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(fuzz.cases.map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
