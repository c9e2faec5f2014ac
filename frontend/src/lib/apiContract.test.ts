// @vitest-environment node
// Every call the browser makes is in the server's contract: the API modules' paths (the first
// argument of apiGet, apiPost, apiDownload, apiFile and apiRequest) are found among the paths of
// api-schema.gen.ts, which scripts/api-types.sh --check keeps equal to /api/openapi.json.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;

/** Areas whose calls are not typed yet; a new area joins the contract at once. */
const PENDING: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'pkg' || name === 'pkg-shell' || name === 'pkg-pages' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

/**
 * A path with its variable parts as `*` and without its query: `managedtmf/saveInCall/${id}`
 * and `/managedtmf/saveInCall/{id}` alike.
 */
function shape(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/^\//, '')
    .replace(/\$\{[^}]*\}/g, '*')
    .replace(/\{[^}]*\}/g, '*');
}

const escape = (text: string) => text.replace(/[.+?^$()|[\]\\]/g, '\\$&');

/**
 * A call matches a documented path when either's variable parts cover the other's: a call's
 * `${x}` may stand for several segments (`users/getUserPermissions/${path}`), a documented
 * `{id}` for one.
 */
function matches(call: string, documented: string): boolean {
  const callPattern = new RegExp(`^${call.split('*').map(escape).join('.+')}$`);
  const documentedPattern = new RegExp(`^${documented.split('*').map(escape).join('[^/]+')}$`);
  return callPattern.test(documented) || documentedPattern.test(call);
}

const documented = [...readFileSync(join(SRC, 'lib/api-schema.gen.ts'), 'utf8').matchAll(/^ {4}"(\/[^"]*)": \{$/gm)].map((m) =>
  shape(m[1]),
);

const calls = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\bapi(?:Get|Post|Download|File|Request)(?:<[^(]*>)?\(\s*(['`])([^'`]*)\1/g)].map(
    (m) => ({ file: file.slice(SRC.length), path: shape(m[2]) }),
  ),
);

describe('the API contract', () => {
  test('the walk finds the API modules and the contract', () => {
    expect(calls.length).toBeGreaterThan(80);
    expect(documented.length).toBeGreaterThan(10);
  });

  test('every call the browser makes is documented, or in an area still being converted', () => {
    const missing = calls.filter(
      (call) => !documented.some((path) => matches(call.path, path)) && !PENDING.some((area) => call.path.startsWith(area)),
    );
    expect(missing).toEqual([]);
  });

  test('an area still listed as pending has calls the contract lacks', () => {
    const done = PENDING.filter((area) =>
      calls.filter((call) => call.path.startsWith(area)).every((call) => documented.some((path) => matches(call.path, path))),
    );
    expect(done).toEqual([]);
  });
});
