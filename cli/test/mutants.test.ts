import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChecksRun, RunChecksOptions } from '../src/workshop/checksRun.ts';
import { findStep, loadManifest } from '../src/workshop/manifest.ts';
import { checkMutants, type LoadedMutant } from '../src/workshop/mutants.ts';

const step = findStep(loadManifest(), '02');

function mutant(name: string, find: string, replace: string, hint: number): LoadedMutant {
  return {
    step,
    name,
    rule: '',
    mistake: '',
    hint,
    edits: [{ file: 'src/app.ts', find, replace }],
  };
}

describe('checkMutants', () => {
  it('writes each mutant over the last in one folder, undoing the last one’s edits, and judges each', async () => {
    const seen: { target: string; app: string; warm: boolean | undefined }[] = [];
    // A fake checker: it reads the folder as the checks would, and names hint 2 when the
    // greeting changed, else passes.
    const runChecks = async (options: RunChecksOptions): Promise<ChecksRun> => {
      const app = readFileSync(join(options.target, 'src/app.ts'), 'utf8');
      seen.push({ target: options.target, app, warm: options.warm });
      const passed = app.includes('Hello from Hyperpipe!');
      return {
        passed,
        exitCode: passed ? 0 : 1,
        output: '',
        durationMs: 1,
        aborted: false,
        hint: passed ? undefined : 2,
        checks: [],
      };
    };
    const verdicts = await checkMutants(runChecks, step, [
      mutant('greets-otherwise', 'Hello from Hyperpipe!', 'Hi!', 2),
      mutant('posts-otherwise', "'IN POST!'", "'in post'", 4),
    ]);
    expect(new Set(seen.map((run) => run.target)).size).toBe(1);
    expect(seen.every((run) => run.warm)).toBe(true);
    expect(seen[0]?.app).toContain("text('Hi!'");
    // The second mutant's folder has its own edit only: the greeting is back.
    expect(seen[1]?.app).toContain("'in post'");
    expect(seen[1]?.app).toContain('Hello from Hyperpipe!');
    expect(
      verdicts.map((verdict) => [verdict.mutant.name, verdict.killed, verdict.problem]),
    ).toEqual([
      ['greets-otherwise', true, undefined],
      ['posts-otherwise', false, 'every check passes'],
    ]);
  });

  it('type-checks every mutant in a folder of its own, and gives each run its answer', async () => {
    const answers: (string[] | null)[] = [];
    const runChecks = async (options: RunChecksOptions): Promise<ChecksRun> => {
      answers.push((await options.typeErrors) ?? null);
      return { passed: false, exitCode: 1, output: '', durationMs: 1, aborted: false, hint: 2 };
    };
    const typeCheckEach = async (folders: readonly string[]) =>
      // A fake compiler: an error where the app posts otherwise, read from each folder.
      folders.map((folder) =>
        readFileSync(join(folder, 'src/app.ts'), 'utf8').includes("'in post'")
          ? ['src/app.ts:1:1 an error']
          : [],
      );
    await checkMutants(
      runChecks,
      step,
      [
        mutant('greets-otherwise', 'Hello from Hyperpipe!', 'Hi!', 2),
        mutant('posts-otherwise', "'IN POST!'", "'in post'", 2),
      ],
      { typeCheckEach },
    );
    expect(answers).toEqual([[], ['src/app.ts:1:1 an error']]);
  });

  it('judges the solution and the starter first, in the same folder, then the mutants on the solution', async () => {
    const seen: { target: string; app: string }[] = [];
    const runChecks = async (options: RunChecksOptions): Promise<ChecksRun> => {
      const app = readFileSync(join(options.target, 'src/app.ts'), 'utf8');
      seen.push({ target: options.target, app });
      const passed = !app.includes('TODO') && app.includes('Hello from Hyperpipe!');
      return { passed, exitCode: passed ? 0 : 1, output: '', durationMs: 1, aborted: false };
    };
    const verified: [string, boolean][] = [];
    await checkMutants(runChecks, step, [mutant('greets-otherwise', 'Hello', 'Hi', 2)], {
      targets: ['solution', 'starter'],
      verified: (v) => verified.push([v.target, v.behaves]),
    });
    expect(verified).toEqual([
      ['solution', true],
      ['starter', true],
    ]);
    expect(new Set(seen.map((run) => run.target)).size).toBe(1);
    expect(seen.map((run) => run.app.includes('TODO'))).toEqual([false, true, false]);
    // The mutant is the solution's file with its edit, not the starter's.
    expect(seen[2]?.app).toContain('Hi from Hyperpipe!');
  });
});
