import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lastStep } from './lastStep.ts';

const CONFERENCE = fileURLToPath(new URL('../../', import.meta.url));
const { folder: LAST } = lastStep();
const SOLUTION = fileURLToPath(new URL(`../../../solutions/${LAST}/`, import.meta.url));

/** What the learner builds by hand and conference/ holds: folders whole, and single files. */
const SHARED_FOLDERS = [
  'src/Conference',
  'src/database',
  'src/validation',
  'src/auth',
  'src/root',
  'config/auth',
];
const SHARED_FILES = [
  'config/autoload/rest.global.ts',
  'config/autoload/database.global.ts',
  'config/autoload/authentication.global.ts',
  'config/autoload/providers.global.ts',
];

function filesUnder(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

// conference/ is the source: a change there must be made in the last solution too, or the
// workshop would end somewhere else than the API it promises.
describe('the last solution shares its conference files with conference/, byte for byte', () => {
  it.each(SHARED_FOLDERS)('%s holds the same files', (folder) => {
    expect(filesUnder(SOLUTION, folder)).toEqual(filesUnder(CONFERENCE, folder));
  });

  const shared = [
    ...SHARED_FOLDERS.flatMap((folder) => filesUnder(CONFERENCE, folder)),
    ...SHARED_FILES,
  ];
  it.each(shared)('%s is identical', (file) => {
    const solution = join(SOLUTION, file);
    expect(existsSync(solution), `solutions/${LAST}/${file} exists`).toBe(true);
    expect(readFileSync(solution).equals(readFileSync(join(CONFERENCE, file))), file).toBe(true);
  });
});
