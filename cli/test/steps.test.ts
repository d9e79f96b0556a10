import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ChecksRun, runChecks } from '../src/harness/runChecks.ts';
import { parseHintSections } from '../src/workshop/hints.ts';
import { loadManifest, type Step, stepDir } from '../src/workshop/manifest.ts';
import { loadMutant, mutantNames } from '../src/workshop/mutants.ts';
import { EXERCISES_DIR, REPO_ROOT, SOLUTIONS_DIR } from '../src/workshop/paths.ts';
import { targetDir } from '../src/workshop/targets.ts';

const steps = loadManifest();
const WORKSHOP = join(REPO_ROOT, 'cli/bin/workshop.js');

// Each run is a vitest process of about two seconds; a few at a time keep the machine usable.
const runLimit = Math.max(2, Math.min(4, Math.floor(availableParallelism() / 2)));
const runs = new Map<string, Promise<ChecksRun>>();
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= runLimit) await new Promise<void>((start) => waiting.push(start));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function checksOf(step: Step, target: 'solution' | 'starter'): Promise<ChecksRun> {
  const key = `${stepDir(step)}:${target}`;
  let run = runs.get(key);
  if (!run) {
    run = limited(() => runChecks({ step, target, json: true }));
    runs.set(key, run);
  }
  return run;
}

/** A mutant's verdict, as `check --mutants --json` reports it. */
interface MutantRun {
  target: string;
  killed: boolean;
  problem?: string;
  output: string;
  durationMs: number;
}

const stepMutantRuns = new Map<string, Promise<MutantRun[]>>();

/**
 * A step's mutants, all judged by one `workshop check NN --mutants` process, which runs them one
 * after another on a checker kept warm: about half a second each, where a vitest process and a
 * type-check of their own took seconds.
 */
function mutantRunsOf(step: Step): Promise<MutantRun[]> {
  const key = stepDir(step);
  let runs = stepMutantRuns.get(key);
  if (!runs) {
    runs = limited(async () => {
      const { stdout, stderr } = await execa(
        process.execPath,
        [WORKSHOP, 'check', step.number, '--mutants', '--json'],
        { cwd: REPO_ROOT, reject: false, env: commandEnvironment(), extendEnv: false },
      );
      try {
        return JSON.parse(stdout) as MutantRun[];
      } catch {
        throw new Error(`check ${step.number} --mutants gave no JSON:\n${stdout}\n${stderr}`);
      }
    });
    stepMutantRuns.set(key, runs);
  }
  return runs;
}

/** This environment, without what vitest set for its own workers: the command runs vitest itself. */
function commandEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'));
  return { ...Object.fromEntries(kept), NO_COLOR: '1' };
}

async function verdictOf(step: Step, name: string): Promise<MutantRun> {
  const run = (await mutantRunsOf(step)).find((candidate) => candidate.target === `mutant ${name}`);
  if (!run) throw new Error(`check ${step.number} --mutants did not judge ${name}`);
  return run;
}

/** Text as a quote is compared with it: runs of white space (table padding, line breaks) as one space. */
function collapsed(text: string): string {
  return text.replace(/\s+/g, ' ');
}

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

function summary(run: ChecksRun): string {
  return `vitest exited ${run.exitCode} after ${run.durationMs} ms:\n${run.output}`;
}

// Start every run now, a few at a time, so the tests below mostly wait for finished ones.
beforeAll(() => {
  for (const step of steps) {
    for (const target of ['solution', 'starter'] as const) {
      // Failures are reported by the tests that await these runs.
      checksOf(step, target).catch(() => {});
    }
  }
  // Then the mutants, a process per step: a step's tests wait for its run only.
  for (const step of steps) if (mutantNames(step).length > 0) mutantRunsOf(step).catch(() => {});
});

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

  describe.concurrent('its checks', () => {
    it('pass against its solution', { timeout: 120_000 }, async () => {
      const run = await checksOf(step, 'solution');
      expect(run.checks?.length, summary(run)).toBeGreaterThan(0);
      expect(run.passed, summary(run)).toBe(true);
      // Two checks of one name read as one in the report, and one of them is easily stale.
      const names = (run.checks ?? []).map((check) => check.name);
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    });

    it('fail against its starter, by failing checks rather than by crashing', {
      timeout: 120_000,
    }, async () => {
      const run = await checksOf(step, 'starter');
      expect(run.passed, summary(run)).toBe(false);
      const checks = run.checks ?? [];
      // A file that could not run at all shows up as one failed "check" named after the file.
      expect(
        checks.filter((check) => check.name === check.file),
        summary(run),
      ).toEqual([]);
      expect(
        checks.some((check) => check.status === 'failed'),
        summary(run),
      ).toBe(true);
    });

    it('fail one by one against its starter: a check the untouched starter passes tests nothing new', {
      timeout: 120_000,
    }, async () => {
      const run = await checksOf(step, 'starter');
      // A check named "… still …" guards what an earlier step built, and the type-check of
      // cli/checks/ runs with every step: the starter passes both.
      const passedOnStarter = (run.checks ?? [])
        .filter((check) => check.status !== 'failed')
        .filter((check) => !/\bstill\b/.test(check.name) && !check.file.startsWith('cli/checks/'))
        .map((check) => check.name);
      expect(passedOnStarter, summary(run)).toEqual([]);
    });
  });

  const mutants = mutantNames(step);
  // The first step teaches too little to break; from the second on, every step has mutants.
  const first = steps.indexOf(step) === 0;
  describe.runIf(!first || mutants.length > 0).concurrent('its lesson mutants', () => {
    if (!first) {
      it('are at least three, each quoting the rule it breaks from the README or hints', async () => {
        expect(mutants.length).toBeGreaterThanOrEqual(3);
        const taught = collapsed(
          ['README.md', 'hints.md']
            .map((file) => readFileSync(join(exercise, file), 'utf8'))
            .join('\n'),
        );
        for (const name of mutants) {
          const { rule } = await loadMutant(step, name);
          expect(taught, `mutants/${name}.ts quotes a rule the step does not teach`).toContain(
            collapsed(rule),
          );
        }
      });
    }

    it.each(mutants)(
      '%s fails the checks, and the first failure names the hint that fixes it',
      {
        timeout: 900_000,
      },
      async (name) => {
        const verdict = await verdictOf(step, name);
        const said = `${name} was checked in ${verdict.durationMs} ms:\n${verdict.output}`;
        expect(verdict.problem, said).toBeUndefined();
        expect(verdict.killed).toBe(true);
      },
    );
  });

  it('leaves no check-<pid>.local.json behind', { timeout: 120_000 }, async () => {
    await Promise.all([checksOf(step, 'solution'), checksOf(step, 'starter')]);
    for (const target of ['solution', 'starter'] as const) {
      const folder = join(targetDir(target, step), 'config/autoload');
      const leftovers = existsSync(folder)
        ? readdirSync(folder).filter((name) => /^check-\d+\.local\./.test(name))
        : [];
      expect(leftovers, folder).toEqual([]);
    }
  });

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
