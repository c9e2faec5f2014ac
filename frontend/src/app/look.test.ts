// The product's look, as files: the favicon index.html names exists, and colours come from the
// theme's variables with one accent for everything a user can act on.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const html = read('../../index.html');
// Every stylesheet of the app: the global one and those loaded with a section.
const css = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '..'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .sort((a, b) => Number(b === 'styles.css') - Number(a === 'styles.css'))
  .map((file) => read(`../${file}`))
  .join('\n');

/** The declarations of the rule whose selector list is exactly `selector`. */
function rule(selector: string): string {
  const at = css.indexOf(`\n${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  return css.slice(at, css.indexOf('}', at));
}

describe('the look', () => {
  test('index.html names a favicon that exists', () => {
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('/favicon.svg');
    expect(read('../../public/favicon.svg')).toMatch(/^<svg[^>]*viewBox/);
  });

  test('links, buttons, switches and focus rings take the primary accent, never teal', () => {
    for (const selector of [
      'a',
      ':focus-visible',
      '.link-button',
      '.selector-button',
      '.upgrade-chip',
      '.row-select',
      ".field-check-row input[role='switch']:checked::before",
      ".cell-switch input[role='switch']",
    ]) {
      expect(rule(selector), selector).toMatch(/var\(--primary(-dark)?\)/);
      expect(rule(selector), selector).not.toMatch(/--secondary/);
    }
  });

  test('a card pads what it holds, by one padding for every card', () => {
    expect(rule('.card')).toMatch(/padding: var\(--card-padding\);/);
    expect(css).toMatch(/--card-padding: \d+px;/);
  });

  test('outside the theme variables no colour of the teal family is written by hand', () => {
    const rootEnd = css.indexOf('}');
    const rest = css.slice(rootEnd).replace(/\.week-grid-row-\d[^\n]*/g, '');
    expect(rest.match(/#00[0-9a-f]{4}\b/gi) ?? []).toEqual([]);
  });
});
