import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type HintRule, parseHintRules } from '../src/workshop/hints.ts';
import { loadManifest, stepDir } from '../src/workshop/manifest.ts';
import { loadMutants } from '../src/workshop/mutants.ts';
import { EXERCISES_DIR } from '../src/workshop/paths.ts';

// Hints are graded per rule: the concept and where to read first, then the shape of the fix in
// words, and code only in the last hint of the rule. A learner who asks for help thinks before
// being handed an answer.

const FENCE = /^[ \t]*(```|~~~)/m;
const steps = loadManifest();

function rulesOf(dir: string): HintRule[] {
  return parseHintRules(readFileSync(join(EXERCISES_DIR, dir, 'hints.md'), 'utf8'));
}

describe.each(steps)('the hints of step $number-$slug', (step) => {
  const dir = stepDir(step);
  const rules = rulesOf(dir);

  it('each name the rule they are about', () => {
    const unnamed = rules.filter((rule) => rule.name === undefined);
    expect(unnamed.map((rule) => rule.hints[0]?.number)).toEqual([]);
  });

  it('show no code block before the last hint of their rule', () => {
    const early = rules.flatMap((rule) =>
      rule.hints
        .slice(0, -1)
        .filter((hint) => FENCE.test(hint.text))
        .map((hint) => `hint ${hint.number} (${rule.name}, ${rule.hints.length} hints)`),
    );
    expect(early).toEqual([]);
  });

  it('never open a rule with code', () => {
    const codeFirst = rules
      .filter((rule) => FENCE.test(rule.hints[0]?.text ?? ''))
      .map((rule) => `hint ${rule.hints[0]?.number} (${rule.name})`);
    expect(codeFirst).toEqual([]);
  });

  it('are named by each lesson mutant at the first hint of a rule', async () => {
    const firsts = new Set(rules.map((rule) => rule.hints[0]?.number));
    const mutants = await loadMutants(step);
    const misplaced = mutants
      .filter((mutant) => !firsts.has(mutant.hint))
      .map((mutant) => `${mutant.name}: hint ${mutant.hint}`);
    expect(misplaced).toEqual([]);
  });
});
