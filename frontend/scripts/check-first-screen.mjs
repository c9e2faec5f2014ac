// The first screen's budget, guarded in the test command: the files a new browser
// loads to show the home page after login, compressed as the server sends them, must stay
// within 150 KB less what the build does not make (the API answers and every response's
// headers, measured by scripts/bench-first-screen.sh). Bytes of built files are
// deterministic, like size-limit's: a feature that pushes the first screen over fails here,
// not in a later measurement.
//
//   node scripts/check-first-screen.mjs        (after npm run build)
//
// The first screen: index.html, the entry's chunks and styles, the home page's route (the
// overview section) and theirs, and every asset those chunks name (the shell's wasm).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUDGET = 150 * 1024;
/** What the build does not make, measured on the demo owner's home page (8.6 KB on
 *  2026-11-27): five API answers (5 KB), the logo and favicon (1.3 KB), fifteen responses'
 *  headers. */
export const NOT_BUILT = 9 * 1024;
const HOME_ROUTE = 'src/app/overviewSection.tsx';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run npm run build first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Set(['index.html']);
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
  // Assets a chunk loads by name (vite-plugin-wasm's module fetches its .wasm).
  const code = readFileSync(join(dist, chunk.file), 'utf8');
  for (const [name] of code.matchAll(/assets\/[\w.-]+\.(?:wasm|svg|png|woff2)/g)) files.add(name);
}
visit('index.html');
visit(HOME_ROUTE);

/** What the server sends for a file: its brotli copy when the build wrote one. */
function sentBytes(file) {
  const path = join(dist, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}

const sizes = [...files].map((file) => [file, sentBytes(file)]).sort((a, b) => b[1] - a[1]);
const built = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
const total = built + NOT_BUILT;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `first screen: ${kb(built)} built in ${sizes.length} files + ${kb(NOT_BUILT)} not built = ` +
    `${kb(total)} of ${kb(BUDGET)}`,
);
if (total > BUDGET) {
  console.error(`over the first screen's budget by ${kb(total - BUDGET)}:`);
  for (const [file, bytes] of sizes) console.error(`  ${kb(bytes)}  ${file}`);
  process.exit(1);
}
