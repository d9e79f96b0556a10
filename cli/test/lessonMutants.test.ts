import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadManifest, stepDir } from '../src/workshop/manifest.ts';
import { loadMutant, mutantNames } from '../src/workshop/mutants.ts';
import { EXERCISES_DIR } from '../src/workshop/paths.ts';
import { mutantRunsOf, verdictOf } from './stepRuns.ts';

/*
 * Every step's lesson mutants: small edits of its solution, each breaking one rule the step
 * teaches, must fail its checks with a first failure naming the hint that fixes it. Whether
 * a check sees a mistake does not depend on the Node.js line, so CI judges them once, on the
 * pinned Node (the `once` project of vitest.config.ts).
 */

const steps = loadManifest();

/** Text as a quote is compared with it: runs of white space (table padding, line breaks) as one space. */
function collapsed(text: string): string {
  return text.replace(/\s+/g, ' ');
}

// Start every step's run now, a few at a time: a step's tests wait for its run only.
beforeAll(() => {
  for (const step of steps) if (mutantNames(step).length > 0) mutantRunsOf(step).catch(() => {});
});

describe.each(steps)('step $number-$slug', (step) => {
  const exercise = join(EXERCISES_DIR, stepDir(step));
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
});
