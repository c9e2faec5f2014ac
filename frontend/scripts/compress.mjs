// Writes a brotli (.br) and a gzip (.gz) copy beside every built asset worth compressing, for
// the server to send to browsers that accept them (tower-http's precompressed ServeFile).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.wasm', '.svg', '.json', '.txt', '.map']);
// Below this the Content-Encoding and Vary headers cost about what compression saves.
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let before = 0;
let after = 0;
for (const path of files(DIST)) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  before += content.length;
  after += br.length;
}
console.log(`compressed assets: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)`);
