import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHintSections } from '../src/workshop/hints.ts';
import { loadManifest, stepDir } from '../src/workshop/manifest.ts';
import { EXERCISES_DIR, SOLUTIONS_DIR } from '../src/workshop/paths.ts';
import { targetDir } from '../src/workshop/targets.ts';

/*
 * Every step's files are laid out as the workshop expects. Its checks are judged against its
 * solution, its starter and its lesson mutants in stepChecks.test.ts.
 */

const steps = loadManifest();

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Whether a `node_modules/hyperpipe` is found from `folder` upwards, as Node looks for it. */
function resolvesHyperpipe(folder: string): boolean {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules/hyperpipe/package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

describe('the manifest', () => {
  it('lists steps numbered 01, 02, … whose folders exist in exercises/ and solutions/', () => {
    expect(steps.map((step) => step.number)).toEqual(
      steps.map((_, index) => String(index + 1).padStart(2, '0')),
    );
    const folders = steps.map(stepDir);
    const listed = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    expect(listed(EXERCISES_DIR)).toEqual(folders);
    expect(listed(SOLUTIONS_DIR)).toEqual(folders);
  });
});

describe.each(steps)('step $number-$slug', (step) => {
  const dir = stepDir(step);
  const exercise = join(EXERCISES_DIR, dir);

  it('has a README, hints, and checks that only point at hints that exist', () => {
    expect(existsSync(join(exercise, 'README.md'))).toBe(true);
    const hints = readFileSync(join(exercise, 'hints.md'), 'utf8');
    // `## Hint N: <rule>` (or a bare `## Hint N`), numbered 1, 2, … through the file.
    const headings = [...hints.matchAll(/^## Hint (\d+)(?::[ \t]*\S.*)?\r?$/gm)];
    const numbers = headings.map((match) => Number(match[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(parseHintSections(hints).map((hint) => hint.number)).toEqual(numbers);
    const checkFiles = readdirSync(exercise).filter((name) => name.endsWith('.check.ts'));
    expect(checkFiles.length).toBeGreaterThan(0);
    for (const file of checkFiles) {
      const source = readFileSync(join(exercise, file), 'utf8');
      for (const [, hint] of source.matchAll(/\bhint: (\d+)/g)) {
        expect(numbers, `${file} points at hint ${hint}`).toContain(Number(hint));
      }
    }
  });

  it('links from its README only to files that exist (the generated docs/api aside)', () => {
    const readme = readFileSync(join(exercise, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map(
      (match) => match[1] as string,
    );
    const local = links.filter((link) => !/^[a-z]+:/.test(link) && !link.includes('docs/api/'));
    for (const link of local) {
      expect(existsSync(resolve(exercise, link)), `README.md links to ${link}`).toBe(true);
    }
  });

  it('has TODO markers in the starter files the learner edits, and none in the solution', () => {
    for (const file of step.files) {
      const starter = join(targetDir('starter', step), file);
      const solution = join(targetDir('solution', step), file);
      expect(readFileSync(starter, 'utf8'), `starter/${file}`).toMatch(/\bTODO\b/);
      expect(readFileSync(solution, 'utf8'), `solutions/${dir}/${file}`).not.toMatch(/\bTODO\b/);
    }
  });

  const previous = steps[steps.indexOf(step) - 1];
  if (previous) {
    it("starts from the previous step's solution: each file it does not list is carried over, or given as its solution has it", () => {
      const before = targetDir('solution', previous);
      const starter = targetDir('starter', step);
      const solution = targetDir('solution', step);
      const starterFiles = new Set(listFiles(starter));
      const solutionFiles = new Set(listFiles(solution));
      const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
      for (const file of listFiles(before)) {
        if (step.files.includes(file)) continue;
        // A file this step's solution no longer has may go from the starter too.
        if (!solutionFiles.has(file) && !starterFiles.has(file)) continue;
        expect(starterFiles.has(file), `starter lacks ${file}`).toBe(true);
        const given = solutionFiles.has(file) ? [read(solution, file)] : [];
        expect([read(before, file), ...given], `starter/${file}`).toContain(read(starter, file));
      }
    });
  } else {
    it('starts from a minimal project: only the files it lists', () => {
      expect(listFiles(targetDir('starter', step))).toEqual([...step.files].sort());
    });
  }

  it('keeps its target projects inside the repository, so `hyperpipe` resolves', () => {
    for (const target of ['solution', 'starter'] as const) {
      const folder = targetDir(target, step);
      expect(existsSync(join(folder, 'src/app.ts')), `${folder}/src/app.ts`).toBe(true);
      expect(existsSync(join(folder, 'src/server.ts')), `${folder}/src/server.ts`).toBe(true);
      // The learner's workspace/ sits next to exercises/ and solutions/: the same
      // node_modules must hold hyperpipe for every one of them.
      expect(resolvesHyperpipe(folder), `hyperpipe from ${folder}`).toBe(true);
    }
  });
});
