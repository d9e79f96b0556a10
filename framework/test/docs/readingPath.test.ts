import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const GUIDE = readFileSync(join(ROOT, 'docs', 'framework.md'), 'utf8');

/** Lines that are neither blank nor comment: what a reader reads once comments are folded. */
function linesOfCode(source: string): number {
  const withoutBlocks = source.replace(/\/\*[\s\S]*?\*\//g, (block) =>
    '\n'.repeat(block.split('\n').length - 1),
  );
  return withoutBlocks
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, '$1'))
    .filter((line) => line.trim() !== '').length;
}

/** The rows of the reading-path table in docs/framework.md: file and stated lines of code. */
function readingPath(): { file: string; stated: number }[] {
  const section = GUIDE.slice(GUIDE.indexOf('## Reading the framework'));
  return [
    ...section.matchAll(/^\|\s*\d+\s*\|\s*\[`([^`]+)`\][^|]*\|[^|]*\|\s*([\d,]+)\s*\|$/gm),
  ].map(([, file, stated]) => ({ file: file as string, stated: Number(stated?.replace(',', '')) }));
}

describe('the reading path of docs/framework.md', () => {
  const rows = readingPath();

  it('lists at most 15 files', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(15);
  });

  it('states each file’s lines of code truly, and at most 1,100 in all', () => {
    const counted = rows.map(({ file }) => ({
      file,
      stated: linesOfCode(readFileSync(join(ROOT, 'framework', 'src', file), 'utf8')),
    }));
    expect(counted).toEqual(rows);
    const total = rows.reduce((sum, row) => sum + row.stated, 0);
    expect(GUIDE).toContain(`**${total.toLocaleString('en')} lines of code**`);
    expect(total).toBeLessThanOrEqual(1100);
  });
});
