// @vitest-environment node
// The call scoring vectors of crates/domain/tests/scoring_vectors.json through the wasm build:
// `cargo test` checks the same file natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as scoring from './scoring';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/scoring_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'validateScorecard':
      return scoring.validateScorecard(a[0], a[1]);
    case 'scoreAnswers':
      return scoring.scoreAnswers(a[0], a[1]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('scoring vectors', () => {
  test.each(vectors.cases.map((c, i) => [i, c] as const))('case %s', (_, c) => {
    expect(answer(c.call, c.args)).toEqual(c.expect);
  });
});
