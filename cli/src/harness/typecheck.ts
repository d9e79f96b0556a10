import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { REPO_ROOT } from '../workshop/paths.ts';

/** What the type-check says: the errors, or `null` when a file does not parse (it did not run). */
export type TypeCheckAnswer = string[] | null;

/**
 * The type errors in a project's own files (src/ and config/), as `file:line:column message`,
 * with the repository's compiler options; `null` when a file does not parse, which leaves
 * nothing to type-check (the checks report the syntax error). Errors in files the project imports from elsewhere
 * (the framework) are not the learner's to fix, and are left out.
 *
 * The check runs TypeScript 7's native compiler (the `typescript-native` dependency) in a
 * process of its own: about 0.2 s for the ~280 files a project sees (lib, `@types/node`, the
 * framework), against 1.3 s for TypeScript 6 in JavaScript, so a single check can afford a
 * type-check from scratch (a checker that runs again keeps TypeScript 6's builder in a thread
 * instead: typeCheckThread.ts). The repository's `npm run typecheck` runs the native compiler
 * too (about half the CPU of TypeScript 6). `npm run docs` builds with TypeScript 6, which
 * typedoc's API needs, without checking for errors again; the pack test type-checks a
 * consumer of the framework's declarations with TypeScript 6.
 */
export async function typeErrors(target: string): Promise<TypeCheckAnswer> {
  const config = JSON.stringify(projectConfig(target));
  if (process.platform !== 'win32') return ownErrors(await compileFromPipe(config, target));
  // Windows has no /dev/stdin: the configuration goes in a file, removed after the run.
  const file = join(tmpdir(), `workshop-typecheck-${randomUUID()}.json`);
  await writeFile(file, config);
  try {
    return ownErrors(await compile(compilerPath(), ['--project', file, ...COMPILER_FLAGS], target));
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * {@link typeErrors} of several projects that sit side by side in one folder (the copies of a
 * solution that `check --mutants` edits), in one run of the native compiler: the files they
 * share (lib, `@types/node`, the framework) are read and checked once, not once a project.
 * The answers are in the order of `targets`. A file that does not parse stops the compiler
 * before it checks types anywhere, so then each project is checked on its own.
 */
export async function typeErrorsOfEach(targets: readonly string[]): Promise<TypeCheckAnswer[]> {
  const folder = dirname(targets[0] ?? '.');
  if (process.platform === 'win32' || targets.some((target) => dirname(target) !== folder)) {
    return Promise.all(targets.map(typeErrors));
  }
  const config = projectConfig(folder);
  const names = targets.map((target) => relative(folder, target));
  const include = names.flatMap((name) => [
    join(folder, name, 'src'),
    join(folder, name, 'config'),
  ]);
  const errors = parseErrors(await compileFromPipe(JSON.stringify({ ...config, include }), folder));
  if (errors.some(({ code }) => code < 2000)) return Promise.all(targets.map(typeErrors));
  // Paths are relative to the folder: `<project>/src/app.ts`; the framework's start with `../`.
  return names.map((name) =>
    errors
      .filter(({ file }) => file.startsWith(`${name}/`))
      .map(({ text }) => text.slice(name.length + 1)),
  );
}

/**
 * One error a line, as the parser below reads them. One thread: the checks run beside the
 * compiler, and on two cores its parallel checkers slowed them down for no gain (0.30 s of CPU
 * against 0.45 s for the step-12 solution, and no longer from start to end).
 */
const COMPILER_FLAGS = ['--pretty', 'false', '--singleThreaded'];

/** The repository's tsconfig.json, narrowed to the project's own files (a tsconfig's JSON). */
export function projectConfig(target: string): object {
  const repository = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.json'), 'utf8'));
  const lib: string[] = repository.compilerOptions.lib;
  return {
    extends: join(REPO_ROOT, 'tsconfig.json'),
    compilerOptions: {
      // The learner's project runs on Node, whose fetch, Request and Response come with
      // @types/node: the browser's lib.dom (the repository keeps it for editors) is left out.
      lib: lib.filter((name) => !name.toLowerCase().startsWith('dom')),
      // The configuration is read from outside the repository: say where the types are.
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
      noEmit: true,
    },
    include: [join(target, 'src'), join(target, 'config')],
    exclude: [],
  };
}

/**
 * Runs the compiler in `cwd` with the configuration `config` on its standard input, through a
 * shell's pipe, which the compiler can read as the file /dev/stdin (the socket Node gives a
 * child for its input, it cannot). No file is written: a command ended mid-check (Ctrl-C ends
 * a check at once, through vitest's own handler) leaves nothing in the temporary folder.
 */
function compileFromPipe(config: string, cwd: string): Promise<string> {
  const pipeline = 'printf "%s" "$WORKSHOP_TSCONFIG" | "$0" "$@"';
  const args = ['-c', pipeline, compilerPath(), '--project', '/dev/stdin', ...COMPILER_FLAGS];
  return compile('/bin/sh', args, cwd, { ...process.env, WORKSHOP_TSCONFIG: config });
}

/**
 * Runs `command` in `cwd`; resolves with what the compiler printed. It exits 1 or 2 when it
 * found errors; any other end (a signal, a configuration it could not read) is an error, never
 * a type-check without errors.
 */
function compile(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      const problem = /^error TS\d+: .*/m.exec(stdout)?.[0];
      if (error && (typeof error.code !== 'number' || error.code > 2)) reject(error);
      else if (problem) reject(new Error(`the compiler says: ${problem}`));
      else resolve(stdout);
    });
  });
}

/** The native compiler: the platform package that `typescript-native` installs beside it. */
function compilerPath(): string {
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const native = dirname(require.resolve('typescript-native/package.json'));
  const platform = `@typescript/typescript-${process.platform}-${process.arch}`;
  const packageDir = dirname(createRequire(native).resolve(`${platform}/package.json`));
  return join(packageDir, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
}

/**
 * The errors in the project's own files. Paths are relative to the project (the compiler ran
 * there), so the framework's start with `../`. A message runs on over indented lines.
 */
function ownErrors(output: string): TypeCheckAnswer {
  const errors = parseErrors(output);
  const own = errors.filter(({ file }) => !file.startsWith('..') && !isAbsolute(file));
  // A program that does not parse gets its syntax errors alone (TS1xxx): the checks report
  // those with the parser's code frame, and one mistake gets one report.
  if (errors.length > 0 && errors.every(({ code }) => code < 2000)) return null;
  return own.map(({ text }) => text);
}

/** The compiler's errors: each with its file, its code and its words (`file:line:column message`). */
function parseErrors(output: string): { file: string; code: number; text: string }[] {
  const errors: { file: string; code: number; text: string }[] = [];
  for (const line of output.split('\n')) {
    const error = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/.exec(line);
    if (error) {
      const [, file = '', row, column, code, message] = error;
      errors.push({ file, code: Number(code), text: `${file}:${row}:${column} ${message}` });
    } else if (/^\s/.test(line) && errors.length > 0) {
      (errors.at(-1) as { text: string }).text += `\n${line.trimEnd()}`;
    }
  }
  return errors;
}
