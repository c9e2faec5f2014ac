// The import map of src/, checked: components/, lib/, domain/ and test/ import no feature and no
// app/; a feature imports no other feature and no app/ (app/ is the composition root: it alone
// imports the features). Shared pieces go to components/ or lib/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The layers every feature and app/ may use, which use none of them. */
const SHARED = ['components', 'lib', 'domain', 'test'];

/** Crossings allowed all the same, as 'file (from src/) -> specifier': why. None today. */
const EXCEPTIONS: Record<string, string> = {};

/** The area a path of src/ belongs to: 'features/<name>', 'app', a shared layer, or '' (src/ itself). */
export function area(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : 'features';
  return parts.length > 1 ? parts[0] : '';
}

const isFeature = (where: string) => where.startsWith('features/');

/** Why importing `target` from `file` (both paths from src/) breaks the map, or null when it does not. */
export function breach(file: string, target: string): string | null {
  const from = area(file);
  const to = area(target);
  if (from === to || !(to === 'app' || isFeature(to))) return null;
  if (SHARED.includes(from)) return `${from}/ imports no feature and no app/`;
  if (isFeature(from)) return to === 'app' ? 'a feature imports no app/' : 'a feature imports no other feature';
  return null;
}

/** The module specifiers a source file names: imports, re-exports, import() and vi.mock(). */
export function specifiers(text: string): string[] {
  const named = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  const mocked = [...text.matchAll(/\bvi\.(?:mock|doMock|importActual)\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return [...named, ...mocked];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('pkg') && dir.endsWith('domain') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const fromSrc = (path: string) => relative(SRC, path).split(sep).join('/');

function breaches(): string[] {
  return sourceFiles(SRC).flatMap((path) => {
    const file = fromSrc(path);
    return specifiers(readFileSync(path, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const why = breach(file, fromSrc(resolve(dirname(path), specifier)));
        if (!why || `${file} -> ${specifier}` in EXCEPTIONS) return [];
        return [`${file} imports '${specifier}': ${why}`];
      });
  });
}

describe('import boundaries', () => {
  test('the rules name the crossing', () => {
    expect(breach('components/Table.tsx', 'features/routing/api')).toBe('components/ imports no feature and no app/');
    expect(breach('lib/api.ts', 'app/sections')).toBe('lib/ imports no feature and no app/');
    expect(breach('features/sales/Page.tsx', 'features/reports/filters')).toBe('a feature imports no other feature');
    expect(breach('features/sales/Page.tsx', 'app/sections')).toBe('a feature imports no app/');
    expect(breach('features/sales/Page.tsx', 'features/sales/api')).toBeNull();
    expect(breach('features/sales/Page.tsx', 'components/DataTable')).toBeNull();
    expect(breach('app/sections.tsx', 'features/sales/index.tsx')).toBeNull();
    expect(specifiers("import a from './a';\nexport { b } from '../b';\nconst c = () => import('./c');\nvi.mock('./d');")).toEqual([
      './a',
      '../b',
      './c',
      './d',
    ]);
  });

  test('components/ and lib/ import no feature, and a feature no other feature, nor app/', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(100);
    expect(breaches()).toEqual([]);
  });
});
