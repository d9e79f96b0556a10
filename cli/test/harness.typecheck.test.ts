import { cp, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { startTypeCheckThread } from '../src/harness/typeCheckThread.ts';
import { type TypeCheckAnswer, typeErrors, typeErrorsOfEach } from '../src/harness/typecheck.ts';
import { REPO_ROOT, SOLUTIONS_DIR } from '../src/workshop/paths.ts';

// A check's type-check runs the native compiler first, then TypeScript's builder kept in a
// thread: a learner must read the same errors from both.
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Step 02's solution, in a folder of its own, with `code` added to its src/app.ts. */
async function solutionWith(code: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-types-'));
  folders.push(folder);
  await cp(join(SOLUTIONS_DIR, '02-ping'), folder, { recursive: true });
  await symlink(join(REPO_ROOT, 'node_modules'), join(folder, 'node_modules'));
  await writeFile(join(folder, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(folder, 'src/extra.ts'), code);
  return folder;
}

/** The kept thread's answer, once it has parsed the project. */
async function keptErrors(target: string): Promise<TypeCheckAnswer> {
  const thread = startTypeCheckThread(target);
  try {
    return await thread.errors();
  } finally {
    await thread.close();
  }
}

describe('the type-check of a project', () => {
  it('finds none in a solution', async () => {
    const target = await solutionWith('export {};\n');
    expect(await typeErrors(target)).toEqual([]);
    expect(await keptErrors(target)).toEqual([]);
  });

  it('reports an error at its file, line and column, the same from both compilers', {
    timeout: 60_000,
  }, async () => {
    const target = await solutionWith(
      [
        "export const port: number = 'eighty';",
        // A message TypeScript words over several lines.
        'export const options: { port: number; host: string } = { port: 80, host: 1 };',
        '',
      ].join('\n'),
    );
    const native = await typeErrors(target);
    expect(native).toEqual([
      "src/extra.ts:1:14 Type 'string' is not assignable to type 'number'.",
      expect.stringMatching(
        /^src\/extra\.ts:2:\d+ Type 'number' is not assignable to type 'string'/,
      ),
    ]);
    expect(await keptErrors(target)).toEqual(native);
  });

  it('keeps no error of a file from before an edit of a file it imports', {
    timeout: 60_000,
  }, async () => {
    // src/user.ts imports src/extra.ts: each edit of extra.ts changes what user.ts says.
    const target = await solutionWith('export const port = 80;\n');
    await writeFile(
      join(target, 'src/user.ts'),
      "import { port } from './extra.ts';\nexport const next: number = port + 1;\n",
    );
    const thread = startTypeCheckThread(target);
    try {
      expect(await thread.errors()).toEqual([]);
      await writeFile(join(target, 'src/extra.ts'), 'export const other = 80;\n');
      expect(await thread.errors()).toEqual([
        expect.stringMatching(/^src\/user\.ts:1:10 .*has no exported member 'port'/),
      ]);
      await writeFile(join(target, 'src/extra.ts'), 'export const port = 80;\n');
      expect(await thread.errors()).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('does not run on a file that does not parse, which the checks report with the parser', {
    timeout: 60_000,
  }, async () => {
    const target = await solutionWith('export const broken = ;\n');
    expect(await typeErrors(target)).toBeNull();
    expect(await keptErrors(target)).toBeNull();
  });

  it('checks projects side by side in one run, each answered as on its own', {
    timeout: 60_000,
  }, async () => {
    const clean = await solutionWith('export {};\n');
    const wrong = await solutionWith("export const port: number = 'eighty';\n");
    const each = await typeErrorsOfEach([clean, wrong, clean]);
    expect(each).toEqual([[], await typeErrors(wrong), []]);
    expect(each[1]).toEqual([
      "src/extra.ts:1:14 Type 'string' is not assignable to type 'number'.",
    ]);
    // A file that does not parse stops the compiler before it checks types: each on its own.
    const broken = await solutionWith('export const broken = ;\n');
    expect(await typeErrorsOfEach([wrong, broken])).toEqual([each[1], null]);
  });

  it('leaves no file in the temporary folder when its process ends mid-check', {
    timeout: 60_000,
  }, async () => {
    const target = await solutionWith('export {};\n');
    const scratch = await mkdtemp(join(tmpdir(), 'hyperpipe-types-tmp-'));
    folders.push(scratch);
    // A process that ends on Ctrl-C at once, as vitest's handler ends a check command, and
    // gets it as soon as the compiler has started.
    const interrupted = await execa(process.execPath, ['--input-type=module', '-e', INTERRUPTED], {
      env: { TMPDIR: scratch, TYPECHECK_MODULE: TYPECHECK_MODULE, TYPECHECK_TARGET: target },
      reject: false,
    });
    expect(interrupted.stdout).toBe('the compiler started');
    expect(interrupted.exitCode).toBe(130);
    const left = await readdir(scratch);
    expect(left.filter((name) => name.startsWith('workshop-typecheck-'))).toEqual([]);
  });
});

const TYPECHECK_MODULE = new URL('../src/harness/typecheck.ts', import.meta.url).href;

/** Starts a type-check, and sends itself SIGINT once the compiler's process has started. */
const INTERRUPTED = `
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
const execFile = childProcess.execFile;
childProcess.execFile = (...args) => {
  const compiler = execFile(...args);
  process.stdout.write('the compiler started');
  process.kill(process.pid, 'SIGINT');
  return compiler;
};
syncBuiltinESMExports();
process.once('SIGINT', () => process.exit(130));
const { typeErrors } = await import(process.env.TYPECHECK_MODULE);
await typeErrors(process.env.TYPECHECK_TARGET);
`;
