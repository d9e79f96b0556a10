import { existsSync, readdirSync } from 'node:fs';
import { appendFile, cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runChecks } from '../src/harness/runChecks.ts';
import { NO_HINT_NAMED } from '../src/workshop/hints.ts';
import { findStep, loadManifest } from '../src/workshop/manifest.ts';
import { writeMutated } from '../src/workshop/mutants.ts';
import { REPO_ROOT, SOLUTIONS_DIR } from '../src/workshop/paths.ts';
import { targetDir } from '../src/workshop/targets.ts';

const ping = findStep(loadManifest(), 'ping');
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are control characters
const ANSI_CODES = /\u001b\[[0-9;]*m/g;

describe('runChecks', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));

  // Step 02's checks on its solution, in colour: two tests read it.
  let solved: ReturnType<typeof runChecks> | undefined;
  const solvedRun = () => {
    solved ??= runChecks({ step: ping, target: 'solution', json: true, colour: true });
    return solved;
  };

  it('runs a step against a target kind, and reports each check with json', async () => {
    const run = await solvedRun();
    expect(run.passed, run.output).toBe(true);
    expect(run.exitCode).toBe(0);
    expect(run.aborted).toBe(false);
    expect(run.durationMs).toBeGreaterThan(0);
    expect(stripVTControlCharacters(run.output)).toContain('answers GET /ping with JSON');
    // The JSON report's file is read and removed: the output names no file that is gone.
    expect(run.output).not.toContain('JSON report written');
    expect(run.checks?.length).toBeGreaterThanOrEqual(5);
    expect(run.checks?.every((check) => check.status === 'passed')).toBe(true);
    expect(run.checks?.find((check) => check.file.startsWith('exercises/'))).toMatchObject({
      file: 'exercises/02-ping/ping.check.ts',
      name: expect.stringContaining('step 02'),
      failure: undefined,
    });
  });

  // Step 02's checks on step 01's solution, as a learner who has not begun: three tests read it.
  const lines: string[] = [];
  let unbegun: ReturnType<typeof runChecks> | undefined;
  const unbegunRun = () => {
    unbegun ??= runChecks({
      step: '02',
      target: join(SOLUTIONS_DIR, '01-hello'),
      json: true,
      onOutput: (chunk) => lines.push(chunk),
    });
    return unbegun;
  };

  it('fails against a folder that fails, with the learner-facing report in each failure', async () => {
    const run = await unbegunRun();
    expect(run.passed).toBe(false);
    expect(run.exitCode).toBe(1);
    expect(lines.join('')).toBe(run.output);
    const failed = run.checks?.find((check) => check.status === 'failed');
    expect(failed?.failure).toMatch(
      /GET \/ping: status is 404, not 200[\s\S]*Sent:[\s\S]*Expected:[\s\S]*Received:[\s\S]*Hint: +read hint 1[\s\S]*exercises\/02-ping\/hints\.md/,
    );
  });

  async function edit(folder: string, file: string, pattern: RegExp, replacement: string) {
    const before = await readFile(join(folder, file), 'utf8');
    const after = before.replace(pattern, replacement);
    if (after === before) throw new Error(`${pattern} is not in ${file}`);
    await writeFile(join(folder, file), after);
  }

  /** A copy of a step's solution, changed by `change`, that resolves packages as the repository does. */
  async function changedSolution(step: string, change: (folder: string) => Promise<void>) {
    const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-changed-'));
    folders.push(folder);
    await cp(join(SOLUTIONS_DIR, step), folder, { recursive: true });
    await symlink(join(REPO_ROOT, 'node_modules'), join(folder, 'node_modules'));
    // As in the repository, whose package.json makes every .ts file an ES module.
    await writeFile(join(folder, 'package.json'), '{ "type": "module" }\n');
    await change(folder);
    return folder;
  }

  it('shows each failure once, the first in full last, so a 40-row terminal keeps it on screen', async () => {
    const run = await unbegunRun();
    expect(run.passed).toBe(false);
    expect(run.output.match(/Sent:/g)).toHaveLength(1);
    expect(run.output).not.toContain('Failed Tests');
    const screen = run.output.trimEnd().split('\n').slice(-40).join('\n');
    expect(screen).toMatch(/Sent:[\s\S]*Expected:[\s\S]*Received:[\s\S]*checks fail/);
  });

  it('uses no colours when the output is not shown on a terminal', async () => {
    const run = await unbegunRun();
    expect(run.output).not.toMatch(ANSI_CODES);
    expect((await solvedRun()).output).toMatch(ANSI_CODES);
  });

  it('shows a syntax error in src/app.ts once, not under every check', async () => {
    const target = await changedSolution('02-ping', (folder) =>
      appendFile(join(folder, 'src/app.ts'), '\nexport const broken = ;\n'),
    );
    const run = await runChecks({ step: ping, target });
    expect(run.passed).toBe(false);
    expect(run.output.match(/could not be loaded/g)?.length).toBe(2); // the ✗ line, then in full
    expect(run.output.match(/Unexpected token|Expected/g)?.length).toBeGreaterThan(0);
    expect(run.output).toContain('(the same failure as above)');
    // The type-check leaves a program that does not parse to the checks' code frame, and
    // says it did not run rather than showing green.
    expect(run.output).not.toMatch(/✓ type-checks/);
    expect(run.output).toMatch(/– type-checks[^\n]*\n +not run: a file does not parse/);
  });

  it('fails on a type error, at its file and line', async () => {
    const target = await changedSolution('02-ping', (folder) =>
      appendFile(join(folder, 'src/app.ts'), "\nexport const port: number = 'eighty';\n"),
    );
    const run = await runChecks({ step: ping, target });
    expect(run.passed, run.output).toBe(false);
    expect(run.output).toMatch(
      /✗ type-checks[\s\S]*type error at src\/app\.ts:\d+:14 Type 'string' is not assignable to type 'number'/,
    );
  });

  it('shows a type error in full first, saying no hint is about it, when it also breaks what the checks see', async () => {
    const target = await changedSolution('02-ping', (folder) =>
      edit(folder, 'src/app.ts', /json\(\{ ack/, 'jsn({ ack'),
    );
    const run = await runChecks({ step: ping, target });
    expect(run.output).toMatch(/✗ [^\n]*GET \/ping/); // the checks fail too
    const first = run.output.slice(run.output.lastIndexOf('The first failure'));
    expect(first, run.output).toMatch(
      /^The first failure[^\n]*\n\ntype error at src\/app\.ts:\d+:\d+ Cannot find name 'jsn'/,
    );
    // The list above holds it and the others: the title counts them all.
    const failed = run.output.split('\n').filter((line) => line.startsWith('✗')).length;
    expect(first).toMatch(new RegExp(`^The first failure of ${failed}, in full:`));
    // Step 02's src/app.ts holds every rule of the step: no one hint is about the error.
    expect(first).toMatch(
      /Hint: +no hint: no single rule of step 02 is about src\/app\.ts:\d+:\d+/,
    );
    expect(run.hint).toBe(NO_HINT_NAMED);
  });

  it('shows what createApp threw in full under a type error, not only the type error', async () => {
    const target = await changedSolution('02-ping', (folder) =>
      edit(
        folder,
        'src/app.ts',
        /const app = createApplication\(\);/,
        "const app = createApplication();\n  const port: number = 'eighty';\n  if (port) throw new Error('no catalogue given');",
      ),
    );
    const run = await runChecks({ step: ping, target });
    const first = run.output.slice(run.output.lastIndexOf('The first failure'));
    expect(first, run.output).toMatch(
      /^The first failure[^\n]*\n\ntype error at src\/app\.ts:\d+:\d+ Type 'string'[\s\S]*\ncreateApp\(\) failed\n[\s\S]*createApp\(\) threw: no catalogue given/,
    );
  });

  it('never lets a project that opens the catalogue file itself write into data/', async () => {
    const dataFile = join(REPO_ROOT, 'data/conference.sqlite');
    const there = existsSync(dataFile);
    const step = findStep(loadManifest(), '07');
    // The Catalogue factory opens the configured file instead of the Database service.
    const target = await writeMutated({
      step,
      name: 'opens-the-file',
      rule: '',
      mistake: '',
      hint: 1,
      edits: [
        {
          file: 'config/autoload/dependencies.global.ts',
          find: "() => container.get('Database') as Database.Database,",
          replace: '() => openCheckedCatalogue(databasePath(container)),',
        },
        {
          file: 'config/autoload/dependencies.global.ts',
          find: "import type Database from 'better-sqlite3';\n",
          replace: '',
        },
      ],
    });
    folders.push(target);
    const run = await runChecks({ step, target });
    expect(run.passed, run.output).toBe(false);
    expect(run.hint, run.output).toBe(8);
    expect(existsSync(dataFile)).toBe(there);
  });

  // A common mistake, and the hint that fixes it, as a vitest process of its own reports it.
  // Each step's lesson mutants (exercises/NN-slug/mutants) are the rest, judged on a warm
  // checker by stepChecks.test.ts: those of steps 03 to 05 hold this file's earlier three.
  const mistakes = [
    {
      step: '02-ping',
      mistake: 'POST /post not routed',
      hint: 6,
      change: (folder: string) =>
        edit(folder, 'src/app.ts', /app\.post\('\/post'/, "app.put('/post'"),
    },
  ];
  it.each(mistakes)('points at hint $hint for step $step with $mistake', async (mistake) => {
    const target = await changedSolution(mistake.step, mistake.change);
    const run = await runChecks({ step: mistake.step, target });
    expect(run.passed).toBe(false);
    expect(run.hint, run.output).toBe(mistake.hint);
  });

  it('leaves no check-<pid>.local.json behind in the target, where checks of configuration write one', async () => {
    const step = findStep(loadManifest(), '03');
    const run = await runChecks({ step, target: 'solution' });
    expect(run.passed, run.output).toBe(true);
    const autoload = join(targetDir('solution', step), 'config/autoload');
    const left = readdirSync(autoload).filter((name) => /^check-\d+\.local\./.test(name));
    expect(left).toEqual([]);
  });

  it('does not start vitest when the signal is already aborted', async () => {
    const run = await runChecks({ step: ping, target: 'solution', signal: AbortSignal.abort() });
    expect(run).toMatchObject({ passed: false, aborted: true, output: '' });
  });
});
