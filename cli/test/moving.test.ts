import { describe, expect, it } from 'vitest';
import type { Step } from '../src/workshop/manifest.ts';
import { skippedStep, startOptions } from '../src/workshop/moving.ts';
import type { Progress } from '../src/workshop/progress.ts';

const steps: Step[] = ['01', '02', '03'].map((number) => ({
  number,
  slug: 'step',
  title: `Step ${number}`,
  files: [],
}));
const [first, second, third] = steps as [Step, Step, Step];

function progress(current: string | null, passed: string[]): Progress {
  const when = '2026-11-25T10:00:00.000Z';
  return {
    current,
    passed: Object.fromEntries(passed.map((step) => [step, when])),
    hintsRead: {},
    lastHint: {},
    pointedHints: {},
    solutionsUsed: {},
  };
}

describe('moving between steps', () => {
  it('moves on without a question only to the step after the one that passed', () => {
    const afterFirst = progress('01-step', ['01-step']);
    expect(startOptions(steps, afterFirst, second).force).toBe(true);
    // Further on skips 02: changed files are asked about, as for any other move.
    expect(startOptions(steps, afterFirst, third).force).toBe(false);
  });

  it('names the first step not passed that a start would skip', () => {
    expect(skippedStep(steps, progress(null, []), first)).toBeNull();
    expect(skippedStep(steps, progress('01-step', []), second)).toBe(first);
    expect(skippedStep(steps, progress('01-step', ['01-step']), second)).toBeNull();
    expect(skippedStep(steps, progress('02-step', ['01-step']), third)).toBe(second);
    // Going back skips nothing.
    expect(skippedStep(steps, progress('03-step', ['01-step']), first)).toBeNull();
  });
});
