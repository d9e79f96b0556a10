import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { execa } from 'execa';
import { wantsColour } from '../terminal.ts';
import type { CheckResult, ChecksRun, RunChecksOptions } from '../workshop/checksRun.ts';
import { NO_HINT_NAMED } from '../workshop/hints.ts';
import { findStep, loadManifest, type Step, stepDir } from '../workshop/manifest.ts';
import { REPO_ROOT } from '../workshop/paths.ts';
import { type TargetKind, targetDir } from '../workshop/targets.ts';
import { FIRST_FAILURE_TITLE } from './firstFailure.ts';

export type { ChecksRun };

// Run by this process's own Node, not the first `node` on PATH, so checks use the same runtime.
const VITEST = join(REPO_ROOT, 'node_modules/vitest/vitest.mjs');
const CONFIG = 'cli/vitest.checks.config.ts';
const REPORTER = './cli/src/harness/processReporter.ts';
const TARGET_KINDS: readonly string[] = ['workspace', 'starter', 'solution'] satisfies TargetKind[];

/**
 * Runs a step's checks (`exercises/NN-slug/*.check.ts`) against a target in a vitest
 * process: `vitest run --config cli/vitest.checks.config.ts exercises/NN-slug/`, with
 * `WORKSHOP_TARGET`, `WORKSHOP_URL` and `WORKSHOP_STEP` set. Resolves once vitest has
 * exited; on abort it is killed first, so it never outlives the run.
 */
export async function runChecks(options: RunChecksOptions): Promise<ChecksRun> {
  const step =
    typeof options.step === 'string' ? findStep(loadManifest(), options.step) : options.step;
  const target = checkTarget(options.target, step);
  const started = performance.now();
  if (options.signal?.aborted) {
    return { passed: false, exitCode: 1, output: '', durationMs: 0, aborted: true };
  }
  const jsonFile = options.json
    ? join(tmpdir(), `hyperpipe-checks-${process.pid}-${randomUUID()}.json`)
    : undefined;
  // The reporter type-checks the target beside the step's checks.
  const args = ['run', '--config', CONFIG, `--reporter=${REPORTER}`, `exercises/${stepDir(step)}/`];

  const inherit = options.stdio === 'inherit';
  const child = execa(process.execPath, [VITEST, ...args], {
    cwd: REPO_ROOT,
    env: checksEnvironment(
      target,
      stepDir(step),
      options.url,
      options.colour ?? (inherit && wantsColour(process.stdout, process.env)),
      jsonFile,
    ),
    extendEnv: false,
    stdin: 'ignore',
    stdout: inherit ? ['pipe', 'inherit'] : 'pipe',
    stderr: inherit ? ['pipe', 'inherit'] : 'pipe',
    all: true,
    buffer: false,
    reject: false,
    cancelSignal: options.signal,
    forceKillAfterDelay: 2000,
  });
  let output = '';
  child.all?.setEncoding('utf8');
  child.all?.on('data', (chunk: string) => {
    output += chunk;
    options.onOutput?.(chunk);
  });
  const result = await child;
  const durationMs = Math.round(performance.now() - started);
  const aborted = result.isCanceled || options.signal?.aborted === true;
  const exitCode = result.exitCode ?? 1;
  const checks = jsonFile ? await readChecksFile(jsonFile) : undefined;
  const passed = exitCode === 0 && !aborted;
  const hint = passed ? undefined : pointedHint(output);
  return { passed, exitCode, output, durationMs, aborted, hint, checks };
}

/** The folder a target names: a target kind's, or the folder given. */
export function checkTarget(target: TargetKind | string, step: Step): string {
  return TARGET_KINDS.includes(target) ? targetDir(target as TargetKind, step) : resolve(target);
}

/** A step's own check files, relative to the repository root. */
export function stepCheckFiles(step: Step): string[] {
  const folder = `exercises/${stepDir(step)}`;
  return readdirSync(join(REPO_ROOT, folder))
    .filter((name) => name.endsWith('.check.ts'))
    .map((name) => `${folder}/${name}`);
}

/**
 * The hint named by the failure the reporter shows in full, after its one-line list;
 * NO_HINT_NAMED when it says that no hint is about it (a type error in a file of many rules).
 */
export function pointedHint(output: string): number | undefined {
  const plain = stripVTControlCharacters(output);
  const shown = plain.slice(plain.lastIndexOf(FIRST_FAILURE_TITLE));
  const number = /Hint: +read hint (\d+)/.exec(shown)?.[1];
  if (number !== undefined) return Number(number);
  return /Hint: +no hint\b/.test(shown) ? NO_HINT_NAMED : undefined;
}

function checksEnvironment(
  target: string,
  step: string,
  url: string | undefined,
  colour: boolean,
  checksFile: string | undefined,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // A run started from inside vitest (the workshop's own tests) must not hand its
  // worker's variables to the vitest it starts, nor a WORKSHOP_URL of its own.
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('VITEST') && !name.startsWith('WORKSHOP_')) env[name] = value;
  }
  env.WORKSHOP_TARGET = target;
  env.WORKSHOP_STEP = step;
  if (url) env.WORKSHOP_URL = url;
  if (checksFile) env.WORKSHOP_CHECKS_FILE = checksFile;
  // vitest colours even a pipe (any TERM but dumb), so the choice is made here, for both it
  // and the workshop's reporter: NO_COLOR or FORCE_COLOR, never neither.
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  if (colour) env.FORCE_COLOR = '1';
  else env.NO_COLOR = '1';
  return env;
}

/** Each check's result, as the reporter wrote them (processReporter.ts); the file is removed. */
async function readChecksFile(file: string): Promise<CheckResult[] | undefined> {
  try {
    const checks = JSON.parse(await readFile(file, 'utf8')) as CheckResult[];
    return checks.map((check) => ({ ...check, failure: check.failure })); // JSON drops undefined
  } catch {
    return undefined; // vitest was stopped before it wrote one
  } finally {
    await rm(file, { force: true });
  }
}
