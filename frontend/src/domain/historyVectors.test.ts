// @vitest-environment node
// The routing history vectors of crates/domain/tests/history_vectors.json (and the fuzz corpus
// tests/fuzz/history.json) through the wasm build: `cargo test` checks the same files natively,
// so the explanation, the replay and the rollback plan are the same in the browser and the server.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as wasm from './pkg/domain_wasm.js';

interface Case {
  call: string;
  args: unknown[];
  expect: unknown;
}

/** A refusal as the native harness writes it: { error }. */
function orError(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'explainChange':
      return wasm.explainChange(a[0], a[1], a[2]);
    case 'replayImpact':
      return orError(() => wasm.replayImpact(a[0], a[1], a[2], a[3]));
    case 'planRollback':
      return wasm.planRollback(a[0], a[1], a[2], a[3]);
    case 'checkRestoredGraph':
      return wasm.checkRestoredGraph(a[0], a[1]) ?? null;
    case 'changeTime':
      return wasm.changeTime(a[0], a[1]);
    case 'applyRecords':
      return orError(() => wasm.applyRecords(a[0], a[1]));
    case 'postedAsStored':
      return wasm.postedAsStored(a[0], a[1]);
    default:
      throw new Error(`unknown call ${call}`);
  }
}

function load(path: string): Case[] {
  return (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { cases: Case[] }).cases;
}

describe('routing history rules through wasm give the native answers', () => {
  test.each(load('../../../crates/domain/tests/history_vectors.json').map((c, i) => [i, c.call, c] as const))(
    '%i %s',
    (_i, call, c) => {
      expect(answer(call, c.args)).toEqual(c.expect);
    },
  );
});

describe('arbitrary input through wasm gives the native answers', () => {
  test.each(load('../../../crates/domain/tests/fuzz/history.json').map((c, i) => [i, c.call, c] as const))(
    '%i %s',
    (_i, call, c) => {
      expect(answer(call, c.args)).toEqual(c.expect);
    },
  );
});
