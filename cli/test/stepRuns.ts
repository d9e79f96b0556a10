/**
 * The runs that steps.test.ts and lessonMutants.test.ts judge: each step's checks against its
 * solution and its starter, a vitest process each as `npm run check` starts one, and each
 * step's lesson mutants, judged by one `workshop check NN --mutants` process. Each run starts
 * once, when first asked for, and a few run at a time.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { type ChecksRun, runChecks } from '../src/harness/runChecks.ts';
import { type Step, stepDir } from '../src/workshop/manifest.ts';
import { REPO_ROOT } from '../src/workshop/paths.ts';

const WORKSHOP = join(REPO_ROOT, 'cli/bin/workshop.js');

// Each run is a vitest process of about two seconds; a few at a time keep the machine usable.
const runLimit = Math.max(2, Math.min(4, Math.floor(availableParallelism() / 2)));
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

const checksRuns = new Map<string, Promise<ChecksRun>>();

/** The step's checks against its solution or its starter, as `npm run check` runs them. */
export function checksOf(step: Step, target: 'solution' | 'starter'): Promise<ChecksRun> {
  const key = `${stepDir(step)}:${target}`;
  let run = checksRuns.get(key);
  if (!run) {
    run = limited(() => runChecks({ step, target, json: true }));
    checksRuns.set(key, run);
  }
  return run;
}

/** What vitest said of a run, for failure messages. */
export function summary(run: ChecksRun): string {
  return `vitest exited ${run.exitCode} after ${run.durationMs} ms:\n${run.output}`;
}

/** A mutant's verdict, as `check --mutants --json` reports it. */
export interface MutantRun {
  target: string;
  killed: boolean;
  problem?: string;
  output: string;
  durationMs: number;
}

const mutantRuns = new Map<string, Promise<MutantRun[]>>();

/**
 * A step's mutants, all judged by one `workshop check NN --mutants` process, which runs them one
 * after another on a checker kept warm: about half a second each, where a vitest process and a
 * type-check of their own took seconds.
 */
export function mutantRunsOf(step: Step): Promise<MutantRun[]> {
  const key = stepDir(step);
  let runs = mutantRuns.get(key);
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
    mutantRuns.set(key, runs);
  }
  return runs;
}

/** This environment, without what vitest set for its own workers: the command runs vitest itself. */
function commandEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'));
  return { ...Object.fromEntries(kept), NO_COLOR: '1' };
}

/** The verdict on one of the step's mutants. */
export async function verdictOf(step: Step, name: string): Promise<MutantRun> {
  const run = (await mutantRunsOf(step)).find((candidate) => candidate.target === `mutant ${name}`);
  if (!run) throw new Error(`check ${step.number} --mutants did not judge ${name}`);
  return run;
}
