// @vitest-environment node
// The users, integrations, billing and password forms' rules as calls (crates/domain/tests/
// forms_vectors.json) and arbitrary arguments for them (tests/fuzz/forms.json), through the wasm
// build: `cargo test` checks the same files natively, so browser and server answers agree.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as forms from './forms';

interface Case {
  call: string;
  args: any[];
  expect: unknown;
}

function load(path: string): Case[] {
  return (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { cases: Case[] }).cases;
}

function answer(call: string, a: any[]): unknown {
  switch (call) {
    case 'validateUserForm':
      return forms.validateUserForm(a[0], a[1]);
    case 'validateGaConnect':
      return forms.validateGaConnect(a[0], a[1], a[2]);
    case 'validateIntegrationSettings':
      return forms.validateIntegrationSettings(a[0], a[1]);
    case 'validateProviderSettings':
      return forms.validateProviderSettings(a[0], a[1], a[2], a[3]);
    case 'validateBillingDetails':
      return forms.validateBillingDetails(a[0]);
    case 'validatePasswordConfirmation':
      return forms.validatePasswordConfirmation(a[0]);
    case 'termsProblem':
      return forms.termsProblem(a[0]) ?? null;
    default:
      throw new Error(`unknown call ${call}`);
  }
}

describe.each([
  ['the forms vectors', '../../../crates/domain/tests/forms_vectors.json'],
  ['arbitrary input', '../../../crates/domain/tests/fuzz/forms.json'],
])('%s through wasm give the native answers', (_name, path) => {
  test.each(load(path).map((c, i) => [i, c.call, c] as const))('%i %s', (_i, call, c) => {
    expect(answer(call, c.args)).toEqual(c.expect);
  });
});
