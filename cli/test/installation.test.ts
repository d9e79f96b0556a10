import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/workshop/paths.ts';

/*
 * `npm install` on a fresh clone must leave `git status` clean: npm rewrites package-lock.json
 * whenever it disagrees with what it would write itself, and a learner's first sight of the
 * repository would be a change they did not make.
 */

interface Manifest {
  engines?: Record<string, string>;
  workspaces?: string[];
  scripts?: Record<string, string>;
}
interface LockEntry {
  engines?: Record<string, string>;
  hasInstallScript?: boolean;
  link?: boolean;
}

const read = <T>(file: string): T => JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as T;
const root = read<Manifest>('package.json');
const lock = read<{ packages: Record<string, LockEntry> }>('package-lock.json');

describe('a fresh install leaves the repository unchanged', () => {
  it('gives every workspace the engines of the repository, in package.json and the lockfile', () => {
    expect(root.engines?.node).toBeDefined();
    expect(lock.packages['']?.engines).toEqual(root.engines);
    for (const workspace of root.workspaces ?? []) {
      expect(read<Manifest>(`${workspace}/package.json`).engines, workspace).toEqual(root.engines);
      expect(lock.packages[workspace]?.engines, `lockfile: ${workspace}`).toEqual(root.engines);
    }
  });

  it('marks in the lockfile each installed package that has an install script, as npm does', () => {
    const wrong: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith('node_modules/') || entry.link) continue;
      const folder = join(REPO_ROOT, path);
      if (!existsSync(join(folder, 'package.json'))) continue; // optional, not for this platform
      const { scripts = {} } = read<Manifest>(`${path}/package.json`);
      // npm counts these scripts, and a binding.gyp, which it builds with node-gyp.
      const installs =
        ['preinstall', 'install', 'postinstall'].some((name) => name in scripts) ||
        existsSync(join(folder, 'binding.gyp'));
      if (installs !== (entry.hasInstallScript === true)) wrong.push(path);
    }
    expect(wrong, 'run npm install and commit package-lock.json').toEqual([]);
  });
});
