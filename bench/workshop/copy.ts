/**
 * The temporary copy of the repository the workshop bench works in, so that the real
 * workspace/ and .workshop/ are never touched, and the steps it can put there solved.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** A copy of what the command needs: the steps, the CLI and its harness, the manifests. */
export function copyRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'workshop-bench-'));
  for (const entry of ['exercises', 'solutions', 'cli', 'package.json', 'tsconfig.json']) {
    cpSync(join(REPO, entry), join(root, entry), { recursive: true });
  }
  linkPackages(root);
  return root;
}

/**
 * The copy's node_modules: the repository's packages (and, through their links, the framework
 * and the catalogue), each linked, except `@hyperpipe/cli`, which is the copy's own cli/. The
 * check files import the harness by that name, and its setup file by its path in the copy:
 * with the repository's harness under that name, the two would be two copies of the harness,
 * each with its own state.
 */
function linkPackages(root: string): void {
  const link = (target: string, path: string) => symlinkSync(target, path, 'junction');
  const packages = join(REPO, 'node_modules');
  mkdirSync(join(root, 'node_modules/@hyperpipe'), { recursive: true });
  for (const entry of readdirSync(packages)) {
    if (entry !== '@hyperpipe') link(join(packages, entry), join(root, 'node_modules', entry));
  }
  for (const entry of readdirSync(join(packages, '@hyperpipe'))) {
    const own = entry === 'cli' ? join(root, 'cli') : join(packages, '@hyperpipe', entry);
    link(own, join(root, 'node_modules/@hyperpipe', entry));
  }
}

/** The steps' numbers, in order: `01`…`12`. */
export function stepNumbers(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO, 'exercises/steps.json'), 'utf8')) as {
    steps: { number: string }[];
  };
  return manifest.steps.map((step) => step.number);
}

/**
 * The steps to time: all of them, or those BENCH_WORKSHOP_STEPS names (`01,12`). A name that
 * is not a step is an error, not a silently shorter table.
 */
export function selectedSteps(variable: string | undefined): string[] {
  const all = stepNumbers();
  if (variable === undefined || variable.trim() === '') return all;
  const named = variable.split(',').map((name) => name.trim().padStart(2, '0'));
  const unknown = named.filter((name) => !all.includes(name));
  if (unknown.length > 0) {
    throw new Error(`BENCH_WORKSHOP_STEPS names no step ${unknown.join(', ')} (${all.join(',')})`);
  }
  return all.filter((name) => named.includes(name));
}

/** Makes `step` the copy's current step, with its solution as the learner's files. */
export function solve(root: string, step: string): void {
  const setup = spawnSync(process.execPath, ['cli/bin/workshop.js', 'start', step, '--force'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
  });
  if (setup.status !== 0) {
    throw new Error(`workshop start ${step} failed:\n${setup.stdout}${setup.stderr}`);
  }
  const solution = readdirSync(join(root, 'solutions')).find((name) => name.startsWith(`${step}-`));
  if (!solution) throw new Error(`no solution for step ${step}`);
  cpSync(join(root, 'solutions', solution), join(root, 'workspace'), { recursive: true });
}
