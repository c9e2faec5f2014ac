// The domain's texts are the domain's: a message or label that crates/domain declares
// (`pub const NAME: &str = "..."`) reaches the browser through the wasm modules, never as a
// copy in a screen. A copy would drift from the server's answer, as one did before.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOMAIN = resolve(SRC, '../../crates/domain/src');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** The domain's declared texts: string constants of at least two words. */
export function domainTexts(rust: string): string[] {
  const declared = [...rust.matchAll(/pub const \w+: &str =\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
  return declared.filter((text) => !text.includes('\\') && /\S\s+\S/.test(text));
}

/** The texts a screen writes out whole: string literals and JSX text, comments left out. */
export function writtenTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node)) found.push(node.text);
    else if (ts.isJsxText(node)) found.push(node.text.trim());
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Screens and their helpers: not the wasm wrappers (src/domain/), not tests and their fixtures. */
const isScreenCode = (path: string) =>
  /\.tsx?$/.test(path) &&
  !/(\.test\.tsx?|TestUtils\.tsx?|\.gen\.ts)$/.test(path) &&
  !path.startsWith('domain/') &&
  !path.startsWith('test/');

describe('the domain texts check', () => {
  test('reads constants of two words or more', () => {
    const rust = 'pub const A: &str = "Name is required.";\npub const B: &str = "routing";\npub const C: usize = 3;';
    expect(domainTexts(rust)).toEqual(['Name is required.']);
  });

  test('finds whole literals and JSX text, not prose around them or comments', () => {
    const source = `// 'Name is required.'\nconst a = 'Name is required.';\nconst b = <p>Name is required.</p>;\nconst c = 'Say: Name is required. Then';`;
    expect(writtenTexts('x.tsx', source).filter((t) => t === 'Name is required.')).toHaveLength(2);
  });
});

test('no screen writes out a text the domain declares', () => {
  const texts = new Set(filesUnder(DOMAIN, (name) => name.endsWith('.rs')).flatMap((f) => domainTexts(readFileSync(f, 'utf8'))));
  const copies = filesUnder(SRC, () => true)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter(isScreenCode)
    .flatMap((path) =>
      writtenTexts(path, readFileSync(join(SRC, path), 'utf8'))
        .filter((text) => texts.has(text))
        .map((text) => `${path} writes '${text}': take it from the domain through wasm`),
    );
  expect(copies).toEqual([]);
});
