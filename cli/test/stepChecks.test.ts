import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TYPE_CHECK_FILE } from '../src/workshop/checksRun.ts';
import { loadManifest, stepDir } from '../src/workshop/manifest.ts';
import { loadMutant, mutantNames } from '../src/workshop/mutants.ts';
import { EXERCISES_DIR } from '../src/workshop/paths.ts';
import { runOf, stepRunOf, summary } from './stepRuns.ts';

/*
 * Every step's checks judged: they pass against its solution, fail against its starter, and
 * fail against each of its lesson mutants (small edits of its solution, each breaking one rule
 * the step teaches) with a first failure naming the hint that fixes it. A learner's checks run
 * on the Node the workshop pins, whatever the machine's, so CI judges them once, on that one
 * (the `once` project of vitest.config.ts). steps.test.ts checks each step's files.
 */

const steps = loadManifest();

/** Text as a quote is compared with it: runs of white space (table padding, line breaks) as one space. */
function collapsed(text: string): string {
  return text.replace(/\s+/g, ' ');
}

// Start every step's run now, a few at a time: a step's tests wait for its run only.
beforeAll(() => {
  for (const step of steps) stepRunOf(step).catch(() => {});
});

describe.each(steps)('step $number-$slug', (step) => {
  const exercise = join(EXERCISES_DIR, stepDir(step));

  describe.concurrent('its checks', () => {
    it('pass against its solution', { timeout: 900_000 }, async () => {
      const run = await runOf(step, 'solution');
      expect(run.checks.length, summary(run)).toBeGreaterThan(0);
      expect(run.passed, summary(run)).toBe(true);
      // Two checks of one name read as one in the report, and one of them is easily stale.
      const names = run.checks.map((check) => check.name);
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    });

    it('fail against its starter, by failing checks rather than by crashing', {
      timeout: 900_000,
    }, async () => {
      const run = await runOf(step, 'starter');
      expect(run.passed, summary(run)).toBe(false);
      // A file that could not run at all shows up as one failed "check" named after the file.
      expect(
        run.checks.filter((check) => check.name === check.file),
        summary(run),
      ).toEqual([]);
      expect(
        run.checks.some((check) => check.status === 'failed'),
        summary(run),
      ).toBe(true);
    });

    it('fail one by one against its starter: a check the untouched starter passes tests nothing new', {
      timeout: 900_000,
    }, async () => {
      const run = await runOf(step, 'starter');
      // A check named "… still …" guards what an earlier step built or the starter gives (a
      // second resource written as the first, given so the step stays its lesson's size),
      // and the type-check runs with every step: the starter passes both. A check skipped
      // until the one it starts from passes (the API root) has not passed.
      const passedOnStarter = run.checks
        .filter((check) => check.status === 'passed')
        .filter((check) => !/\bstill\b/.test(check.name) && check.file !== TYPE_CHECK_FILE)
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
      { timeout: 900_000 },
      async (name) => {
        const run = await runOf(step, `mutant ${name}`);
        expect(run.problem, summary(run)).toBeUndefined();
        expect(run.killed).toBe(true);
      },
    );
  });
});
