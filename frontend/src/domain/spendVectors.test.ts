// @vitest-environment node
// Ad spend's vectors of crates/domain/tests/spend_vectors.json through the wasm build: `cargo
// test` checks the same file natively, so the costs the browser shows are the server's.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as spend from './spend';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

const FILE = new URL('../../../crates/domain/tests/spend_vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'validateSpendMonth':
      return spend.validateSpendMonth(a[0], a[1]);
    case 'costLine':
      return spend.costLine(a[0]);
    case 'costLines':
      return spend.costLines(a[0], a[1]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe('spend vectors', () => {
  test.each(vectors.cases.map((c, i) => [i, c] as const))('case %s', (_, c) => {
    expect(answer(c.call, c.args)).toEqual(c.expect);
  });
});
