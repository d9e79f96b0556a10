import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Verification } from './checking.ts';
import { type ChecksRun, type RunChecks, TYPE_CHECK_FILE } from './checksRun.ts';
import { type Step, stepDir } from './manifest.ts';
import { EXERCISES_DIR, STATE_DIR } from './paths.ts';
import { targetDir } from './targets.ts';

/** One change to a file of the step's solution: `find` must occur in it exactly once. */
export interface MutantEdit {
  /** The file, relative to the solution's folder, such as `src/app.ts`. */
  file: string;
  /** The text replaced. */
  find: string;
  /** What a learner wrote instead. */
  replace: string;
}

/**
 * A lesson mutant: a realistic learner mistake that breaks exactly one rule a step teaches,
 * kept as `exercises/NN-slug/mutants/<name>.ts` (a default export). The step's checks must fail
 * on the solution with these edits, and the first failure must name `hint`.
 */
export interface LessonMutant {
  /** The rule it breaks, quoted word for word from the step's README.md or hints.md. */
  rule: string;
  /** The mistake, as a learner would make it. */
  mistake: string;
  /** The edits that make the mistake in the solution. */
  edits: MutantEdit[];
  /** The hint that fixes it: the one the first failure must name. */
  hint: number;
}

/** A mutant file, loaded. */
export interface LoadedMutant extends LessonMutant {
  step: Step;
  /** The file's name without `.ts`, such as `no-id-token`. */
  name: string;
}

/** How a mutant fared against its step's checks. */
export interface MutantVerdict {
  mutant: LoadedMutant;
  result: ChecksRun;
  /** The checks failed and the first failure named the mutant's hint. */
  killed: boolean;
  /** Why it was not killed, when it was not. */
  problem?: string | undefined;
}

/** The folder of a step's mutant files. */
export function mutantsDir(step: Step): string {
  return join(EXERCISES_DIR, stepDir(step), 'mutants');
}

/** The names of a step's mutants, sorted; none when it has no mutants/ folder. */
export function mutantNames(step: Step): string[] {
  const folder = mutantsDir(step);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
}

/** Loads one of a step's mutants. */
export async function loadMutant(step: Step, name: string): Promise<LoadedMutant> {
  const file = join(mutantsDir(step), `${name}.ts`);
  const module = (await import(pathToFileURL(file).href)) as { default: LessonMutant };
  return { ...module.default, step, name };
}

/** Loads every mutant of a step. */
export function loadMutants(step: Step): Promise<LoadedMutant[]> {
  return Promise.all(mutantNames(step).map((name) => loadMutant(step, name)));
}

/** Applies the edits to `text`, failing when a `find` is not there exactly once. */
export function applyEdits(file: string, text: string, edits: readonly MutantEdit[]): string {
  let result = text;
  for (const edit of edits.filter((candidate) => candidate.file === file)) {
    const count = result.split(edit.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `${file} holds the text to replace ${count} times, not once: ${JSON.stringify(edit.find)}`,
      );
    }
    result = result.replace(edit.find, () => edit.replace);
  }
  return result;
}

/**
 * Copies the step's solution with the mutant's edits into a folder of its own under
 * `.workshop/mutants/` (inside the repository, so `hyperpipe` resolves), and returns it.
 */
export async function writeMutated(mutant: LoadedMutant): Promise<string> {
  const folder = join(
    STATE_DIR,
    'mutants',
    `${stepDir(mutant.step)}-${mutant.name}-${process.pid}`,
  );
  await rm(folder, { recursive: true, force: true });
  await writeMutantTo(mutant, folder);
  return folder;
}

/** Copies the step's solution to `folder`, a new one, with the mutant's edits. */
async function writeMutantTo(mutant: LoadedMutant, folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await cp(targetDir('solution', mutant.step), folder, { recursive: true });
  for (const file of new Set(mutant.edits.map((edit) => edit.file))) {
    const path = join(folder, file);
    await writeFile(path, applyEdits(file, await readFile(path, 'utf8'), mutant.edits));
  }
}

/** How {@link checkMutants} type-checks: the errors of each folder, in their order. */
export type TypeCheckEach = (folders: readonly string[]) => Promise<(string[] | null)[]>;

/**
 * Runs lesson mutants of one step one after another, each written over the last in one folder
 * as a learner edits and checks again, and judges whether the checks catch each mistake. With
 * the warm runner (`createWarmRunChecks`), vitest and its worker stay from one mutant to the
 * next: a mutant costs a re-check of the step, not a vitest process. With `typeCheckEach`, each
 * mutant is also written to a folder of its own and all are type-checked in one run of the
 * compiler, beside the checks: a re-check by TypeScript's builder costs about half a second of
 * CPU a mutant, most of the work of judging one. `settled` hears each verdict as it comes.
 *
 * `targets` are judged first, in the same folder on the same checker: the step's solution must
 * pass and its starter fail (`verified` hears each). A warm re-check costs a fraction of the
 * vitest process `check --solutions --starters` starts for each.
 */
export async function checkMutants(
  runChecks: RunChecks,
  step: Step,
  mutants: readonly LoadedMutant[],
  options: {
    signal?: AbortSignal | undefined;
    settled?: (verdict: MutantVerdict) => void;
    typeCheckEach?: TypeCheckEach | undefined;
    targets?: ReadonlyArray<'solution' | 'starter'> | undefined;
    verified?: (verification: Verification) => void;
  } = {},
): Promise<MutantVerdict[]> {
  const solution = targetDir('solution', step);
  const base = join(STATE_DIR, 'mutants', `${stepDir(step)}-${process.pid}`);
  const folder = join(base, 'checked');
  await rm(base, { recursive: true, force: true });
  const verdicts: MutantVerdict[] = [];
  let edited: string[] = [];
  // The folder as it now is, on the checker kept warm, with its type errors when known.
  const check = (typeErrors: Promise<string[] | null> | undefined) =>
    runChecks({
      step,
      target: folder,
      warm: true,
      stdio: 'pipe',
      signal: options.signal,
      typeErrors,
    });
  try {
    const typeErrors = options.typeCheckEach
      ? (await typeCheckedApart(options.typeCheckEach, base, mutants)).answers
      : undefined;
    for (const target of options.targets ?? []) {
      if (options.signal?.aborted) break;
      await copyOver(targetDir(target, step), folder);
      const result = await check(
        options.typeCheckEach?.([folder]).then(([errors]) => errors ?? null),
      );
      const behaves = target === 'solution' ? result.passed : !result.passed;
      options.verified?.({ step, target, result, behaves });
    }
    await copyOver(solution, folder);
    for (const [index, mutant] of mutants.entries()) {
      if (options.signal?.aborted) break;
      // The files the last mutant changed go back to the solution's; then this one's edits.
      for (const file of edited) await cp(join(solution, file), join(folder, file));
      edited = [...new Set(mutant.edits.map((edit) => edit.file))];
      for (const file of edited) {
        const text = await readFile(join(solution, file), 'utf8');
        await writeFile(join(folder, file), applyEdits(file, text, mutant.edits));
      }
      const result = await check(typeErrors?.then((each) => each[index] ?? null));
      const verdict = { mutant, result, ...judge(mutant, result) };
      options.settled?.(verdict);
      verdicts.push(verdict);
    }
    return verdicts;
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

/** Makes `folder` a copy of `from`: a file `from` lacks is not left behind. */
async function copyOver(from: string, folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await cp(from, folder, { recursive: true });
}

/**
 * Writes each mutant to a folder of its own under `base/apart` and starts their type-check: the
 * answers, in the mutants' order, once the compiler is done.
 */
async function typeCheckedApart(
  typeCheckEach: TypeCheckEach,
  base: string,
  mutants: readonly LoadedMutant[],
): Promise<{ answers: Promise<(string[] | null)[]> }> {
  // Beside the checked folder, never in it: a mutant may be named anything.
  const folders = mutants.map((mutant) => join(base, 'apart', mutant.name));
  await Promise.all(
    mutants.map((mutant, index) => writeMutantTo(mutant, folders[index] as string)),
  );
  const answers = typeCheckEach(folders);
  answers.catch(() => undefined); // each run reports it as its type-check's failure
  return { answers };
}

function judge(mutant: LoadedMutant, result: ChecksRun): { killed: boolean; problem?: string } {
  if (result.passed) return { killed: false, problem: 'every check passes' };
  const crashed = (result.checks ?? []).filter((check) => check.name === check.file);
  if (crashed.length > 0) {
    return { killed: false, problem: `${crashed[0]?.file} could not run: not a learner's mistake` };
  }
  const typeCheck = (result.checks ?? []).find((check) => check.file === TYPE_CHECK_FILE);
  if (typeCheck?.status === 'failed') {
    return { killed: false, problem: 'it does not type-check: not a mistake that compiles' };
  }
  if (result.hint !== mutant.hint) {
    const named =
      result.hint === undefined || result.hint === 0 ? 'no hint' : `hint ${result.hint}`;
    return {
      killed: false,
      problem: `the first failure names ${named}, but hint ${mutant.hint} fixes it`,
    };
  }
  return { killed: true };
}
