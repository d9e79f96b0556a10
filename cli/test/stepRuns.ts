/**
 * The runs that stepChecks.test.ts judges: for each step, one `workshop check NN --solutions
 * --starters --mutants --json` process checks its solution, its starter and each of its lesson
 * mutants in turn, on one checker kept warm. Each step's run starts once, when first asked
 * for, and a few run at a time.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import type { CheckRunJson } from '../src/commands/checkJson.ts';
import { type Step, stepDir } from '../src/workshop/manifest.ts';
import { REPO_ROOT } from '../src/workshop/paths.ts';

const WORKSHOP = join(REPO_ROOT, 'cli/bin/workshop.js');

// Each run is a process of seconds to a minute; a few at a time keep the machine usable.
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

const stepRuns = new Map<string, Promise<CheckRunJson[]>>();

/**
 * The step's solution, starter and mutants, all judged by one `workshop check NN
 * --solutions --starters --mutants` process on one checker kept warm: a re-check of the step
 * each, about half a second, where a vitest process of their own took two or three.
 */
export function stepRunOf(step: Step): Promise<CheckRunJson[]> {
  const key = stepDir(step);
  let runs = stepRuns.get(key);
  if (!runs) {
    runs = limited(async () => {
      const args = ['check', step.number, '--solutions', '--starters', '--mutants', '--json'];
      const { stdout, stderr } = await execa(process.execPath, [WORKSHOP, ...args], {
        cwd: REPO_ROOT,
        reject: false,
        env: commandEnvironment(),
        extendEnv: false,
      });
      try {
        return JSON.parse(stdout) as CheckRunJson[];
      } catch {
        throw new Error(`${args.join(' ')} gave no JSON:\n${stdout}\n${stderr}`);
      }
    });
    stepRuns.set(key, runs);
  }
  return runs;
}

/** This environment, without what vitest set for its own workers: the command runs vitest itself. */
function commandEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'));
  return { ...Object.fromEntries(kept), NO_COLOR: '1' };
}

/** The run of the step's checks on its solution, its starter, or `mutant <name>`. */
export async function runOf(step: Step, target: string): Promise<CheckRunJson> {
  const run = (await stepRunOf(step)).find((candidate) => candidate.target === target);
  if (!run) throw new Error(`check ${step.number} did not judge its ${target}`);
  return run;
}

/** What the checks said of a run, for failure messages. */
export function summary(run: CheckRunJson): string {
  return `${run.step} ${run.target} was checked in ${run.durationMs} ms:\n${run.output}`;
}
