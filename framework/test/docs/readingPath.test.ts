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

/**
 * The rows of a reading-path table in docs/framework.md, under the heading given and before
 * the next: file and stated lines of code.
 */
function readingPath(heading: string): { file: string; stated: number }[] {
  const start = GUIDE.indexOf(heading);
  const end = GUIDE.indexOf('\n## ', start + heading.length);
  const section = GUIDE.slice(start, end === -1 ? undefined : end);
  return [
    ...section.matchAll(/^\|\s*\d+\s*\|\s*\[`([^`]+)`\][^|]*\|[^|]*\|\s*([\d,]+)\s*\|$/gm),
  ].map(([, file, stated]) => ({ file: file as string, stated: Number(stated?.replace(',', '')) }));
}

/**
 * A reading path: at most 15 files, each stated with its true lines of code (files of
 * `framework/src/<folder>`), and their sum stated in bold and within `budget`.
 */
function holdsReadingPath(heading: string, folder: string, budget: number): void {
  const rows = readingPath(heading);

  it('lists at most 15 files', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(15);
  });

  it(`states each file’s lines of code truly, and at most ${budget.toLocaleString('en')} in all`, () => {
    const counted = rows.map(({ file }) => ({
      file,
      stated: linesOfCode(readFileSync(join(ROOT, 'framework', 'src', folder, file), 'utf8')),
    }));
    expect(counted).toEqual(rows);
    const total = rows.reduce((sum, row) => sum + row.stated, 0);
    const section = GUIDE.slice(GUIDE.indexOf(heading));
    expect(section.slice(0, section.indexOf('\n## ', heading.length))).toContain(
      `**${total.toLocaleString('en')} lines of code**`,
    );
    expect(total).toBeLessThanOrEqual(budget);
  });
}

describe('the reading path of docs/framework.md', () => {
  holdsReadingPath('## Reading the framework', '', 1100);
});

describe('the reading path of authentication in docs/framework.md', () => {
  holdsReadingPath('## Reading authentication and authorization', 'auth', 1000);
});
