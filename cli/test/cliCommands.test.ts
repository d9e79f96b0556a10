import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCommandLine } from '../src/args.ts';
import { runCommand } from '../src/run.ts';
import { isInteractive } from '../src/terminal.ts';
import { NO_HINT_NAMED } from '../src/workshop/hints.ts';
import { findStep } from '../src/workshop/manifest.ts';
import { pointHint, readProgress } from '../src/workshop/progress.ts';
import { createFixture, type Fixture, fakeRunChecks, SOLVED } from './cliFixture.ts';

let fixture: Fixture;
afterEach(() => fixture?.cleanup());

/** Runs a command line against the fixture, as `workshop <argv>` would. */
function workshop(...argv: string[]): Promise<number> {
  return runCommand(fixture.ctx, parseCommandLine(argv));
}

/** A port nothing listens on now, so that no test depends on 8080 being free. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// What a file watcher reports may take a while on a loaded machine.
const WAIT = { timeout: 10_000 };

function backups(): string[] {
  const dir = `${fixture.dirs.stateDir}/backups`;
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('workshop list', () => {
  it('marks every step pending before anything is started', async () => {
    fixture = createFixture();
    expect(await workshop('list')).toBe(0);
    expect(fixture.stdout()).toContain('0 of 2 steps done');
    expect(fixture.stdout()).toMatch(/· 01 {2}hello {2}Hello, Hyperpipe/);
    expect(fixture.stdout()).toMatch(/· 02 {2}ping {3}Ping/);
  });

  it('marks the current step, and a step whose check passed as done', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    await workshop('check');
    expect(await workshop('start', '02')).toBe(0);
    expect(await workshop('list', '--json')).toBe(0);
    const json = fixture.stdout().slice(fixture.stdout().lastIndexOf('{\n  "current"'));
    const report = JSON.parse(json);
    expect(report).toMatchObject({ current: '02-ping', done: 1, total: 2 });
    expect(report.steps.map((s: { status: string }) => s.status)).toEqual(['done', 'current']);
    expect(report.steps[0].passedAt).toBe('2026-01-02T03:04:05.678Z');
  });

  it('shows a progress bar and points at the current step', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    await workshop('check');
    const before = fixture.stdout().length;
    await workshop('list');
    const text = fixture.stdout().slice(before);
    expect(text).toContain('1 of 2 steps done');
    expect(text).toContain(`${'█'.repeat(15)}${'░'.repeat(15)} 50%`);
    expect(text).toMatch(/› ✔ 01 {2}hello .*\(current\)/);
    expect(text).toMatch(/ {2}· 02/);
  });
});

describe('workshop start', () => {
  it('copies the starter into the working copy, records it, and shows the README', async () => {
    fixture = createFixture();
    expect(await workshop('start', '1')).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toBe('export function createApp() {}\n');
    expect(fixture.read('workspace/src/server.ts')).toContain('server 01');
    const record = JSON.parse(fixture.read('.workshop/scaffold.json'));
    expect(Object.keys(record.files)).toEqual(['src/app.ts', 'src/server.ts']);
    expect(readProgress(fixture.dirs.stateDir).current).toBe('01-hello');
    expect(fixture.stdout()).toContain('Answer GET / with "Hello".');
    expect(fixture.stdout()).toContain('npm run check');
  });

  it('names the steps when the step does not exist, with exit code 2', async () => {
    fixture = createFixture();
    expect(await workshop('start', '9')).toBe(2);
    expect(fixture.stderr()).toContain('No step "9". The steps are: 01-hello, 02-ping');
    expect(existsSync(fixture.dirs.workspaceDir)).toBe(false);
  });

  it('asks for a step', async () => {
    fixture = createFixture();
    expect(await workshop('start')).toBe(2);
    expect(fixture.stderr()).toContain('start 01');
  });

  it('replaces files the learner did not change without asking', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(await workshop('start', '02')).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toContain('/* 02 */');
    expect(fixture.read('workspace/src/ping.ts')).toContain('ping = 1');
    expect(backups()).toEqual([]);
  });

  it('never overwrites a changed file without a terminal: it names --force', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', 'my work\n');
    expect(await workshop('start', '02')).toBe(1);
    expect(fixture.read('workspace/src/app.ts')).toBe('my work\n');
    expect(fixture.stderr()).toContain('src/app.ts');
    expect(fixture.stderr()).toContain('start 02 --force');
    // Nothing was replaced, so there is nothing to back up.
    expect(backups()).toEqual([]);
    // Nothing else was written either: the copy is all or nothing, and step 01 stays current.
    expect(existsSync(join(fixture.dirs.workspaceDir, 'src/ping.ts'))).toBe(false);
    expect(readProgress(fixture.dirs.stateDir).current).toBe('01-hello');
  });

  it('overwrites a changed file with --force, backing it up first', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', 'my work\n');
    expect(await workshop('start', '02', '--force')).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toContain('/* 02 */');
    expect(backups()).toEqual(['2026-01-02T03-04-05-678Z-01-hello']);
    expect(fixture.read(`.workshop/backups/${backups()[0]}/src/app.ts`)).toBe('my work\n');
    expect(fixture.stdout()).toContain('Your previous versions are in .workshop/backups/');
  });

  it('with --force, leaves src/ and config/ exactly as the starter, the files it lacks backed up', async () => {
    fixture = createFixture();
    // Step 01's starter has a handler that step 02's no longer has.
    fixture.write('exercises/01-hello/starter/src/handlers/HelloHandler.ts', 'export {};\n');
    fixture.write('exercises/01-hello/starter/src/handlers/GoneHandler.ts', 'export {};\n');
    await workshop('start', '01');
    fixture.write('workspace/src/handlers/HelloHandler.ts', 'export const hello = 42;\n');
    fixture.write('workspace/src/mine.ts', 'export const mine = 1;\n');
    fixture.write('workspace/config/autoload/old.global.ts', 'export default {};\n');
    fixture.write('workspace/notes.md', 'mine');
    expect(await workshop('start', '02', '--force')).toBe(0);
    const workspace = fixture.dirs.workspaceDir;
    const files = readdirSync(join(workspace, 'src'), { recursive: true }).map(String).sort();
    expect(files).toEqual(['app.ts', 'ping.ts', 'server.ts']);
    expect(existsSync(join(workspace, 'config'))).toBe(false);
    // The learner's work is backed up first; a file the command wrote, unchanged, is not theirs.
    const backup = `.workshop/backups/${backups()[0]}`;
    expect(fixture.read(`${backup}/src/handlers/HelloHandler.ts`)).toContain('42');
    expect(fixture.read(`${backup}/src/mine.ts`)).toContain('mine');
    expect(fixture.read(`${backup}/config/autoload/old.global.ts`)).toContain('default');
    expect(existsSync(join(fixture.root, backup, 'src/handlers/GoneHandler.ts'))).toBe(false);
    // Outside src/ and config/, nothing is the step's: the learner's notes stay.
    expect(fixture.read('workspace/notes.md')).toBe('mine');
    expect(fixture.stdout()).toContain(
      "src/ and config/ now hold this step's files alone: took out config/autoload/old.global.ts, src/handlers/GoneHandler.ts, src/handlers/HelloHandler.ts, src/mine.ts.",
    );
  });

  it('asks at a terminal before skipping a step, and a no starts nothing', async () => {
    const questions: string[] = [];
    fixture = createFixture({
      confirm: async (question) => {
        questions.push(question);
        return false;
      },
    });
    await workshop('start', '01');
    expect(await workshop('start', '02')).toBe(1);
    expect(questions).toEqual([
      'Step 01-hello is not done yet. Start 02-ping anyway? Its starter holds the solution of 01-hello.',
    ]);
    expect(fixture.read('workspace/src/app.ts')).not.toContain('/* 02 */');
    expect(readProgress(fixture.dirs.stateDir).current).toBe('01-hello');
  });

  it('asks at a terminal before replacing changed files, and does what the answer says', async () => {
    const questions: string[] = [];
    let replace = false;
    fixture = createFixture({
      confirm: async (question) => {
        questions.push(question);
        // Yes to skipping 01; replacing the learner's files as the test says.
        return question.startsWith('Step 01-hello is not done yet') || replace;
      },
    });
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', 'my work\n');
    expect(await workshop('start', '02')).toBe(1);
    expect(fixture.read('workspace/src/app.ts')).toBe('my work\n');
    expect(questions[1]).toMatch(
      /You changed this file: src\/app\.ts\. Back it up in \.workshop\/backups\/ and replace it\?/,
    );
    // A no leaves no backup behind: nothing was replaced.
    expect(backups()).toEqual([]);
    replace = true;
    expect(await workshop('start', '02')).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toContain('/* 02 */');
    expect(backups()).toHaveLength(1);
    expect(fixture.read(`.workshop/backups/${backups()[0]}/src/app.ts`)).toBe('my work\n');
  });

  it('treats a file the command never wrote as the learner’s', async () => {
    fixture = createFixture();
    fixture.write('workspace/src/app.ts', 'written before the workshop\n');
    expect(await workshop('start', '01')).toBe(1);
    expect(fixture.read('workspace/src/app.ts')).toBe('written before the workshop\n');
  });

  it('never copies *.local.* files, such as a check run left in a solution', async () => {
    fixture = createFixture();
    fixture.write('solutions/01-hello/config/autoload/check-999999.local.json', '{}');
    fixture.write('exercises/01-hello/starter/config/autoload/db.local.ts', 'export default {};');
    expect(await workshop('start', '01')).toBe(0);
    expect(await workshop('solution', '--force')).toBe(0);
    expect(existsSync(join(fixture.dirs.workspaceDir, 'config'))).toBe(false);
    expect(Object.keys(JSON.parse(fixture.read('.workshop/scaffold.json')).files)).toEqual([
      'src/app.ts',
      'src/server.ts',
    ]);
  });

  it('writes workspace/tsconfig.json when it is missing, and never replaces it', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(JSON.parse(fixture.read('workspace/tsconfig.json'))).toEqual({
      extends: '../tsconfig.json',
      include: ['src', 'config'],
    });
    fixture.write('workspace/tsconfig.json', '{"mine":true}\n');
    await workshop('start', '02', '--force');
    expect(fixture.read('workspace/tsconfig.json')).toBe('{"mine":true}\n');
    expect(backups()).toEqual([]);
  });

  it('leaves the learner’s own extra files alone', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/notes.md', 'mine');
    await workshop('start', '02');
    expect(fixture.read('workspace/notes.md')).toBe('mine');
  });
});

describe('moving between steps', () => {
  async function passStep01() {
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', `my work ${SOLVED}\n`);
    expect(await workshop('check')).toBe(0);
  }

  it('moves on after a pass without asking, backing the passing work up', async () => {
    fixture = createFixture();
    await passStep01();
    expect(await workshop('start', '02')).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toContain('/* 02 */');
    expect(backups()).toEqual(['2026-01-02T03-04-05-678Z-01-hello']);
    expect(fixture.read(`.workshop/backups/${backups()[0]}/src/app.ts`)).toContain('my work');
  });

  it('still asks before replacing work on a step that has not passed', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', 'unfinished\n');
    expect(await workshop('start', '02')).toBe(1);
    expect(fixture.read('workspace/src/app.ts')).toBe('unfinished\n');
  });

  it('moving on, names the files of src/ and config/ that the step does not have', async () => {
    fixture = createFixture();
    await passStep01();
    fixture.write('workspace/src/mine.ts', 'export const mine = 1;\n');
    expect(await workshop('start', '02')).toBe(0);
    expect(fixture.read('workspace/src/mine.ts')).toContain('mine');
    expect(fixture.stdout()).toContain(
      'Left files of src/ and config/ that this step does not have: src/mine.ts.',
    );
  });

  it('takes the files of later steps out when going back, and names those it leaves', async () => {
    fixture = createFixture();
    await passStep01();
    await workshop('start', '02');
    fixture.write('workspace/src/mine.ts', 'export const mine = 1;\n');
    expect(await workshop('start', '01')).toBe(0);
    expect(existsSync(join(fixture.dirs.workspaceDir, 'src/ping.ts'))).toBe(false);
    expect(fixture.read('workspace/src/mine.ts')).toContain('mine');
    expect(fixture.stdout()).toContain('Took out the files of later steps: src/ping.ts.');
    expect(fixture.stdout()).toContain(
      'Left your own files, which this step does not use: src/mine.ts.',
    );
  });

  it('asks before taking out a later step file the learner changed', async () => {
    fixture = createFixture();
    await workshop('start', '02');
    fixture.write('workspace/src/ping.ts', 'export const ping = 42;\n');
    expect(await workshop('start', '01')).toBe(1);
    expect(fixture.stderr()).toContain('src/ping.ts');
    expect(fixture.read('workspace/src/ping.ts')).toContain('42');
  });

  it('lists the backups by step and time, and restores one', async () => {
    fixture = createFixture();
    await passStep01();
    await workshop('start', '02');
    const before = fixture.stdout().length;
    expect(await workshop('backups')).toBe(0);
    expect(fixture.stdout().slice(before)).toMatch(
      / {2}1 {2}2026-01-02 \d\d:04:05 {2}01-hello {2}src\/app\.ts/,
    );
    // A backup of 01 over 02's files would not run: restore says how to bring it back whole.
    expect(await workshop('restore')).toBe(1);
    expect(fixture.stderr()).toContain(
      'Backup 1 holds your files of step 01-hello, and workspace/ holds 02-ping: its files alone ' +
        'would not run there. To bring it back whole, first npm run workshop -- start 01, then ' +
        'npm run workshop -- restore 1.',
    );
    expect(fixture.read('workspace/src/app.ts')).not.toContain('my work');
    // With work of 02 in the way, `start 01` alone is refused: the suggestion says --force.
    fixture.write('workspace/src/ping.ts', 'my ping\n');
    expect(await workshop('start', '01')).toBe(1);
    const told = fixture.stderr().length;
    expect(await workshop('restore')).toBe(1);
    const suggested = [
      ...fixture
        .stderr()
        .slice(told)
        .matchAll(/npm run workshop -- ([^,]+?)(?=,|\.$|\.\n)/gm),
    ];
    expect(suggested.map((match) => match[1])).toEqual(['start 01 --force', 'restore 1']);
    for (const [, command = ''] of suggested) expect(await workshop(...command.split(' '))).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toContain('my work');
    expect(readProgress(fixture.dirs.stateDir).current).toBe('01-hello');
    // What the start and the restore replaced is backed up in turn, and the numbers stay.
    expect(backups()).toHaveLength(3);
    const listed = fixture.stdout().length;
    await workshop('backups');
    expect(fixture.stdout().slice(listed)).toMatch(/ {2}1 {2}2026-01-02 \d\d:04:05 {2}01-hello/);
    expect(fixture.stdout().slice(listed)).toMatch(/ {2}2 {2}\S+ \S+ {2}01-hello/);
    expect(await workshop('restore', '7')).toBe(2);
  });

  it('marks a step passed with the solution apart from one solved by hand', async () => {
    fixture = createFixture();
    await passStep01();
    await workshop('start', '02');
    await workshop('solution', '02', '--force');
    expect(await workshop('check')).toBe(0);
    const before = fixture.stdout().length;
    await workshop('list');
    const text = fixture.stdout().slice(before);
    expect(text).toMatch(/✔ 01 {2}hello/);
    expect(text).toMatch(/◇ 02 {2}ping .*\(with the solution\)/);
    await workshop('list', '--json');
    const json = JSON.parse(fixture.stdout().slice(fixture.stdout().lastIndexOf('{\n  "current"')));
    expect(json.steps.map((step: { status: string }) => step.status)).toEqual(['done', 'given']);
  });

  it('ends the last step with a recap of what was built', async () => {
    fixture = createFixture();
    await passStep01();
    await workshop('start', '02');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check')).toBe(0);
    expect(fixture.stdout()).toContain(
      'Every step passes: well done! What you built, step by step:',
    );
    expect(fixture.stdout()).toContain('  02  Ping');
  });
});

describe('workshop check', () => {
  it('says so when the step named is not the one workspace/ holds', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    await workshop('check', '02');
    expect(fixture.stdout()).toContain('workspace/ holds step 01-hello, not 02-ping');
  });

  it('needs a started step', async () => {
    fixture = createFixture();
    expect(await workshop('check')).toBe(2);
    expect(fixture.stderr()).toContain('No step is started yet');
    expect(fixture.checkRuns).toEqual([]);
  });

  it('fails on the starter, then passes on the solution and marks the step done', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(await workshop('check')).toBe(1);
    expect(fixture.stdout()).toContain('✘ Step 01-hello does not pass yet');
    expect(fixture.stdout()).toContain('hint 01');
    expect(readProgress(fixture.dirs.stateDir).passed).toEqual({});
    expect(fixture.checkRuns[0]).toMatchObject({
      target: fixture.dirs.workspaceDir,
      stdio: 'inherit',
    });
    expect(fixture.checkRuns[0]?.step).toMatchObject({ number: '01' });

    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check')).toBe(0);
    expect(fixture.stdout()).toContain(
      '✔ Step 01-hello passes. Next: npm run workshop -- start 02, the next step.',
    );
    expect(readProgress(fixture.dirs.stateDir).passed).toEqual({
      '01-hello': '2026-01-02T03:04:05.678Z',
    });
  });

  it('names an earlier step not done as such once a later step passes', async () => {
    fixture = createFixture();
    await workshop('start', '02', '--force');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check')).toBe(0);
    expect(fixture.stdout()).toContain(
      '✔ Step 02-ping passes. Next: npm run workshop -- start 01, the first earlier step not done yet.',
    );
  });

  it('reports JSON for scripts', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(await workshop('check', '--json')).toBe(1);
    // One shape for every check --json: an array of runs, here of one.
    const report = JSON.parse(fixture.stdout().slice(fixture.stdout().indexOf('[\n  {')));
    expect(report).toEqual([
      expect.objectContaining({ step: '01-hello', target: 'workspace', passed: false }),
    ]);
    expect(fixture.checkRuns.at(-1)).toMatchObject({ json: true, stdio: 'pipe' });
  });

  it('checks a live server with --url, which does not mark the step done', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check', '--url', 'http://localhost:8080')).toBe(0);
    expect(fixture.checkRuns.at(-1)).toMatchObject({ url: 'http://localhost:8080' });
    expect(readProgress(fixture.dirs.stateDir).passed).toEqual({});
    expect(await workshop('check', '--url', 'ftp://x')).toBe(2);
  });

  it('verifies that every solution passes and every starter fails', async () => {
    fixture = createFixture();
    expect(await workshop('check', '--solutions', '--starters')).toBe(0);
    expect(fixture.checkRuns).toHaveLength(4);
    expect(fixture.stdout()).toContain('✔ 01-hello solution passes');
    expect(fixture.stdout()).toContain('✔ 02-ping starter fails');
    expect(fixture.stdout()).toContain('4 of 4 behave');
    // Verification is about the repository, not the learner: no progress is recorded.
    expect(existsSync(join(fixture.dirs.stateDir, 'progress.json'))).toBe(false);
  });

  it('fails the verification when a starter already passes', async () => {
    fixture = createFixture();
    fixture.write('exercises/02-ping/starter/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check', '--starters', '--json')).toBe(1);
    const report = JSON.parse(fixture.stdout());
    expect(report.map((r: { step: string; behaves: boolean }) => [r.step, r.behaves])).toEqual([
      ['01-hello', true],
      ['02-ping', false],
    ]);
  });

  it('names what the starter did wrong in plain text', async () => {
    fixture = createFixture();
    fixture.write('exercises/02-ping/starter/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check', '02', '--starters')).toBe(1);
    expect(fixture.stdout()).toContain('✘ 02-ping starter passes but must fail');
    expect(fixture.stdout()).toContain('0 of 1 behave');
  });

  it('says nothing of pass or fail when the run is cancelled', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    const runChecks = await fixture.ctx.loadRunChecks();
    fixture.ctx.loadRunChecks = async () => async (options) => ({
      ...(await runChecks(options)),
      passed: false,
      aborted: true,
    });
    expect(await workshop('check')).toBe(130);
    expect(fixture.stdout()).not.toContain('does not pass yet');
    expect(fixture.stdout()).not.toContain('passes');
  });

  it('refuses flags that do not go together', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(await workshop('check', '--watch', '--all')).toBe(2);
    expect(await workshop('check', '--url', 'http://localhost:1', '--solutions')).toBe(2);
    expect(await workshop('check', '--jobs', '2')).toBe(2);
    // With --mutants, a step's targets and mutants share one checker: no jobs to share out.
    expect(await workshop('check', '--solutions', '--mutants', '--jobs', '2')).toBe(2);
    expect(fixture.checkRuns).toEqual([]);
  });

  it('checks again after each save with --watch, and a pass marks the step done', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    const controller = new AbortController();
    fixture.ctx.signal = controller.signal;
    const watching = workshop('check', '--watch');
    await vi.waitFor(() => expect(fixture.stdout()).toContain('Waiting for a save'), WAIT);
    expect(fixture.checkRuns).toEqual([
      expect.objectContaining({ target: fixture.dirs.workspaceDir, warm: true, stdio: 'inherit' }),
    ]);
    expect(fixture.stdout()).toContain('✘ Step 01-hello does not pass yet');
    expect(readProgress(fixture.dirs.stateDir).passed).toEqual({});

    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    await vi.waitFor(() => expect(fixture.checkRuns).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(fixture.stdout()).toContain('✔ Step 01-hello passes'), WAIT);
    expect(fixture.stdout()).toContain('(saved src/app.ts)');
    expect(readProgress(fixture.dirs.stateDir).passed).toHaveProperty('01-hello');

    // What checks write in the working copy themselves is no reason to check again.
    fixture.write('workspace/config/autoload/check-123.local.json', '{}\n');
    fixture.write('workspace/notes.txt', 'mine\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fixture.checkRuns).toHaveLength(2);

    controller.abort();
    expect(await watching).toBe(130);
  });

  it('goes on seeing a file after a save that replaced it by a rename, and never names the temporary file', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    const controller = new AbortController();
    fixture.ctx.signal = controller.signal;
    const watching = workshop('check', '--watch');
    await vi.waitFor(() => expect(fixture.stdout()).toContain('Waiting for a save'), WAIT);
    // As sed -i and editors' safe writes do: a temporary file, renamed over the real one.
    fixture.write('workspace/src/sedX1a2b3', 'export function createApp() {}\n// once\n');
    renameSync(
      join(fixture.root, 'workspace/src/sedX1a2b3'),
      join(fixture.root, 'workspace/src/app.ts'),
    );
    await vi.waitFor(() => expect(fixture.checkRuns).toHaveLength(2), WAIT);
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    await vi.waitFor(() => expect(fixture.checkRuns).toHaveLength(3), WAIT);
    await vi.waitFor(() => expect(fixture.stdout()).toContain('✔ Step 01-hello passes'), WAIT);
    expect(fixture.stdout()).not.toContain('sedX1a2b3');
    controller.abort();
    expect(await watching).toBe(130);
  });

  it('follows the step when another one becomes current, and says so', async () => {
    fixture = createFixture();
    // Runs that take a while, as real ones do: a change during one queues another.
    const fake = fakeRunChecks(fixture.dirs, fixture.checkRuns);
    fixture.ctx.loadRunChecks = async () => async (options) => {
      await sleep(300);
      return fake(options);
    };
    await workshop('start', '01');
    const controller = new AbortController();
    fixture.ctx.signal = controller.signal;
    const watching = workshop('check', '--watch');
    await vi.waitFor(() => expect(fixture.stdout()).toContain('Waiting for a save'), WAIT);
    // Another terminal (or the app) starts step 02.
    await runCommand(
      { ...fixture.ctx, signal: new AbortController().signal },
      parseCommandLine(['start', '02', '--force']),
    );
    await vi.waitFor(
      () =>
        expect(fixture.stdout()).toMatch(
          // The run that picks up the new step may be the one its files asked for, "(saved …)".
          /checking step 02-ping[^\n]*\n.*workspace\/ now holds step 02-ping, not 01-hello\./,
        ),
      WAIT,
    );
    await vi.waitFor(
      () => expect(fixture.stdout()).toContain('✘ Step 02-ping does not pass yet'),
      WAIT,
    );
    // The start wrote files and then the progress, each asking for a run: the run left on
    // screen (a terminal clears it before each) still says the step changed.
    await vi.waitFor(() => expect(fixture.stdout()).toMatch(/Waiting for a save[^─]*$/), WAIT);
    const lastRun = fixture.stdout().slice(fixture.stdout().lastIndexOf('── '));
    expect(lastRun).toContain('workspace/ now holds step 02-ping, not 01-hello.');
    // No run checks the step that is gone, whichever change asked for it.
    const afterStart = fixture.stdout().slice(fixture.stdout().indexOf('Step 02: Ping'));
    expect(afterStart).not.toContain('checking step 01-hello');
    expect(fixture.checkRuns.at(-1)?.step).toMatchObject({ number: '02' });
    controller.abort();
    expect(await watching).toBe(130);
  });
});

describe('workshop --version', () => {
  it("prints the command's version and the Node.js that runs it", async () => {
    fixture = createFixture();
    expect(await workshop('--version')).toBe(0);
    expect(fixture.stdout()).toMatch(/^workshop \d+\.\d+\.\d+ \(Node\.js v\d+\.\d+\.\d+\)$/m);
  });
});

describe('workshop hint', () => {
  it("renders a hint's Markdown: code blocks indented, no fences", async () => {
    fixture = createFixture();
    fixture.write(
      'exercises/01-hello/hints.md',
      "## Hint 1\n\nUse **app.get**:\n\n```ts\napp.get('/', handler);\n```\n",
    );
    await workshop('start', '01');
    await workshop('hint');
    expect(fixture.stdout()).toContain("Use app.get:\n\n    app.get('/', handler);");
    expect(fixture.stdout()).not.toContain('```');
  });

  /** What one `hint` command printed: its title line. */
  async function hintTitle(...argv: string[]): Promise<string | undefined> {
    const before = fixture.stdout().length;
    await workshop('hint', ...argv);
    return /^Hint .*$/m.exec(fixture.stdout().slice(before))?.[0];
  }

  const LADDERS = [
    '## Hint 1: Routes lead to handlers\n\nRead the README.',
    '## Hint 2: Routes lead to handlers\n\nA route per path.',
    '## Hint 3: Routes lead to handlers\n\n```ts\nroute();\n```',
    '## Hint 4: Links are absolute\n\nThe request knows its origin.',
    '## Hint 5: Links are absolute\n\n```ts\nrequest.url.origin;\n```',
  ].join('\n\n');

  it('shows the hint the last failure named, every time, with its rule and place', async () => {
    fixture = createFixture();
    fixture.write('exercises/01-hello/hints.md', LADDERS);
    await workshop('start', '01');
    expect(await workshop('check')).toBe(1); // the fake check names hint 2
    expect(fixture.stdout()).toContain(
      'npm run workshop -- hint 01 shows hint 2 of 5 — Routes lead to handlers (2 of 3).',
    );
    expect(await hintTitle()).toBe('Hint 2 of 5 — Routes lead to handlers (2 of 3), step 01-hello');
    expect(fixture.stdout()).toContain('A route per path.');
    expect(fixture.stdout()).toContain(
      'Need more? npm run workshop -- hint 01 --next shows hint 3 of 5 — Routes lead to handlers (3 of 3).',
    );
    // Read before, a later hint does not move `hint` past the one the failure names.
    expect(await hintTitle('01', '4')).toMatch(/^Hint 4 of 5/);
    expect(await hintTitle()).toMatch(/^Hint 2 of 5/);
    expect(await hintTitle()).toMatch(/^Hint 2 of 5/);
    expect(readProgress(fixture.dirs.stateDir).hintsRead).toEqual({ '01-hello': [2, 4] });
  });

  it('goes on to the next hint only when asked with --next, to the last and no further', async () => {
    fixture = createFixture();
    fixture.write('exercises/01-hello/hints.md', LADDERS);
    await workshop('start', '01');
    expect(await workshop('check')).toBe(1);
    expect(await hintTitle()).toMatch(/^Hint 2 of 5/);
    expect(await hintTitle('--next')).toMatch(/^Hint 3 of 5 — Routes lead to handlers \(3 of 3\)/);
    expect(await hintTitle('--next')).toMatch(/^Hint 4 of 5 — Links are absolute \(1 of 2\)/);
    expect(await hintTitle('--next')).toMatch(/^Hint 5 of 5/);
    expect(fixture.stdout()).toContain('That is the last hint. npm run workshop -- diff 01');
    expect(await hintTitle('--next')).toBeUndefined();
    expect(fixture.stdout()).toContain('There is no hint after the last of step 01-hello.');
    // The failure's hint is still the one `hint` shows.
    expect(await hintTitle()).toMatch(/^Hint 2 of 5/);
  });

  it('shows the first hint not read yet when no failure names one', async () => {
    fixture = createFixture();
    fixture.write('exercises/01-hello/hints.md', LADDERS);
    await workshop('start', '01');
    expect(await hintTitle('01', '1')).toMatch(/^Hint 1 of 5/);
    expect(await hintTitle('01', '3')).toMatch(/^Hint 3 of 5/);
    expect(await hintTitle()).toMatch(/^Hint 2 of 5/);
    expect(await hintTitle()).toMatch(/^Hint 4 of 5/);
    // Before any hint was shown, --next starts where `hint` would.
    expect(await hintTitle('02', '--next')).toMatch(/^Hint 1 of 1, step 02-ping/);
    expect(await workshop('hint', '01', '2', '--next')).toBe(2);
  });

  it('says so when the last failure named no hint, and --next starts from the first', async () => {
    fixture = createFixture();
    fixture.write('exercises/01-hello/hints.md', LADDERS);
    await workshop('start', '01');
    // As a type error in a file of several rules leaves it.
    pointHint(fixture.dirs.stateDir, findStep(fixture.ctx.steps, '01'), NO_HINT_NAMED);
    expect(await hintTitle()).toBeUndefined();
    expect(fixture.stdout()).toContain('The last failure names no hint of step 01-hello');
    expect(await hintTitle('--next')).toMatch(/^Hint 1 of 5/);
  });

  it('reads bare `## Hint N` headings as a rule each', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(await hintTitle()).toBe('Hint 1 of 2, step 01-hello');
    expect(fixture.stdout()).toContain('Use app.get.');
    expect(await hintTitle('--next')).toBe('Hint 2 of 2, step 01-hello');
    expect(fixture.stdout()).toContain('Return a Response.');
  });

  it('counts hints read in an older progress.json as read', async () => {
    fixture = createFixture();
    fixture.write(
      '.workshop/progress.json',
      JSON.stringify({ current: null, hintsShown: { '01-hello': 1 } }),
    );
    expect(await hintTitle('01')).toMatch(/^Hint 2 of 2/);
    expect(readProgress(fixture.dirs.stateDir).hintsRead).toEqual({ '01-hello': [1, 2] });
  });

  it('leaves the hints unread with --json, which scripts use to look', async () => {
    fixture = createFixture();
    fixture.write('exercises/01-hello/hints.md', LADDERS);
    await workshop('start', '01');
    await workshop('hint', '--json');
    await workshop('hint', '01', '4', '--json');
    expect(readProgress(fixture.dirs.stateDir).hintsRead).toEqual({});
    const json = JSON.parse(fixture.stdout().slice(fixture.stdout().lastIndexOf('{\n')));
    expect(json).toEqual({
      step: '01-hello',
      number: 4,
      total: 5,
      rule: 'Links are absolute',
      rung: 1,
      rungs: 2,
      next: 5,
      text: 'The request knows its origin.',
    });
  });

  it('shows hint N of a step directly, as a failed check points at it', async () => {
    fixture = createFixture();
    expect(await workshop('hint', '01', '2')).toBe(0);
    expect(fixture.stdout()).toContain('Hint 2 of 2, step 01-hello');
    expect(fixture.stdout()).toContain('Return a Response.');
    expect(await workshop('hint', '01', '3')).toBe(2);
    expect(fixture.stderr()).toContain('Step 01-hello has hints 1 to 2, not "3"');
  });
});

describe('workshop diff', () => {
  it('shows a unified diff from the working copy to the solution', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    expect(await workshop('diff')).toBe(0);
    expect(fixture.stdout()).toContain('--- workspace/src/app.ts\tyour working copy');
    expect(fixture.stdout()).toContain('+++ solutions/01-hello/src/app.ts\tthe solution');
    expect(fixture.stdout()).toContain(`+${SOLVED}`);
    expect(fixture.stdout()).not.toContain('\x1b[');
  });

  it('colours the diff on a terminal', async () => {
    fixture = createFixture({ colour: true });
    await workshop('start', '01');
    await workshop('diff');
    expect(fixture.stdout()).toContain(`\x1b[32m+${SOLVED}\x1b[0m`);
  });

  it('says when the files match', async () => {
    fixture = createFixture();
    await workshop('solution', '01');
    await workshop('diff');
    expect(fixture.stdout()).toContain('match the solution of step 01-hello');
  });
});

describe('workshop solution and reset', () => {
  it('copies the solution in, then the starter back', async () => {
    fixture = createFixture();
    await workshop('start', '02');
    expect(await workshop('solution')).toBe(0);
    expect(fixture.read('workspace/src/ping.ts')).toContain('ping = 2');
    expect(await workshop('reset')).toBe(0);
    expect(fixture.read('workspace/src/ping.ts')).toContain('ping = 1');
    expect(backups()).toEqual([]);
  });

  // A later step's solution holds the earlier steps' solutions: left undone, they would keep
  // the list (and the app's next step) pointing back to the first of them.
  it('fast-forwarding marks the steps it skips as done with the solution, and says so', async () => {
    fixture = createFixture();
    expect(await workshop('solution', '02', '--force')).toBe(0);
    expect(fixture.stdout()).toContain(
      'Step 01-hello, skipped over, now counts as done with the solution: the solution of 02-ping holds it.',
    );
    const progress = readProgress(fixture.dirs.stateDir);
    expect(progress.passed).toEqual({ '01-hello': '2026-01-02T03:04:05.678Z' });
    expect(progress.solutionsUsed).toMatchObject({ '01-hello': '2026-01-02T03:04:05.678Z' });
    expect(await workshop('list', '--json')).toBe(0);
    const json = JSON.parse(fixture.stdout().slice(fixture.stdout().lastIndexOf('{\n  "current"')));
    expect(json.steps.map((step: { status: string }) => step.status)).toEqual(['given', 'current']);
  });

  it('fast-forwarding leaves a step passed by hand as it was, and says nothing of it', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check')).toBe(0);
    const passedAt = readProgress(fixture.dirs.stateDir).passed['01-hello'];
    expect(await workshop('solution', '02', '--force')).toBe(0);
    expect(fixture.stdout()).not.toContain('skipped over');
    const progress = readProgress(fixture.dirs.stateDir);
    expect(progress.passed['01-hello']).toBe(passedAt);
    expect(progress.solutionsUsed['01-hello']).toBeUndefined();
  });

  it('follow the same rule for changed files', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', 'my work\n');
    expect(await workshop('solution')).toBe(1);
    expect(fixture.stderr()).toContain('solution 01 --force');
    expect(await workshop('reset')).toBe(1);
    expect(fixture.stderr()).toContain('reset --force');
    expect(fixture.read('workspace/src/app.ts')).toBe('my work\n');
    expect(await workshop('reset', '--force')).toBe(0);
    expect(fixture.read('workspace/src/app.ts')).toBe('export function createApp() {}\n');
    expect(backups()).toHaveLength(1);
  });

  it('reset needs a started step', async () => {
    fixture = createFixture();
    expect(await workshop('reset')).toBe(2);
  });
});

describe('workshop serve', () => {
  it('says what to do when there is nothing to serve', async () => {
    fixture = createFixture();
    expect(await workshop('serve')).toBe(1);
    expect(fixture.stderr()).toContain('There is no workspace/src/server.ts to serve yet');
  });

  it('refuses a step without --solution, and a port out of range', async () => {
    fixture = createFixture();
    fixture.write('workspace/src/server.ts', 'process.exit(3);\n');
    expect(await workshop('serve', '01')).toBe(2);
    expect(fixture.stderr()).toContain('serve 01 --solution');
    expect(await workshop('serve', '--port', '0')).toBe(2);
    expect(await workshop('serve', '--port', '70000')).toBe(2);
    expect(fixture.stderr()).toContain('from 1 to 65535, not "70000"');
    expect(fixture.stderr()).not.toContain('Serving');
  });

  it('runs the solution’s server and returns its exit code', async () => {
    fixture = createFixture();
    fixture.write(
      'solutions/01-hello/src/server.ts',
      'process.exit(Number(process.env.PORT) - 4000);\n',
    );
    expect(await workshop('serve', '01', '--solution', '--port', '4007')).toBe(7);
    expect(fixture.stderr()).toContain('Serving the solution of step 01-hello');
  });

  it('stops the server when the command is aborted', async () => {
    fixture = createFixture();
    const controller = new AbortController();
    fixture.ctx.signal = controller.signal;
    fixture.write('workspace/src/server.ts', 'setInterval(() => {}, 1000);\n');
    const started = Date.now();
    setTimeout(() => controller.abort(), 1500);
    expect(await workshop('serve', '--port', String(await freePort()))).toBe(130);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('starts the working copy’s server again after a save, and says why', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    const controller = new AbortController();
    fixture.ctx.signal = controller.signal;
    // Each start of the server leaves a line in starts.log, outside src/ and config/.
    fixture.write(
      'workspace/src/server.ts',
      "import { appendFileSync } from 'node:fs';\nappendFileSync('starts.log', 'started\\n');\nsetInterval(() => {}, 1000);\n",
    );
    const serving = workshop('serve', '--port', String(await freePort()));
    const starts = () =>
      existsSync(join(fixture.root, 'workspace/starts.log'))
        ? fixture.read('workspace/starts.log').split('\n').filter(Boolean).length
        : 0;
    await vi.waitFor(() => expect(starts()).toBe(1), WAIT);
    fixture.write('workspace/src/app.ts', '// changed\n');
    await vi.waitFor(() => expect(starts()).toBe(2), WAIT);
    expect(fixture.stderr()).toContain('Restarted after a change to src/app.ts.');
    // Another terminal starts step 02: the server restarts on it.
    await runCommand(
      { ...fixture.ctx, signal: new AbortController().signal },
      parseCommandLine(['start', '02', '--force']),
    );
    await vi.waitFor(
      () => expect(fixture.stderr()).toContain('workspace/ became step 02-ping'),
      WAIT,
    );
    controller.abort();
    expect(await serving).toBe(130);
  });
});

describe('workshop db reset', () => {
  it('recreates the catalogue at CONFERENCE_DB', async () => {
    fixture = createFixture();
    const path = join(fixture.root, 'data/conference.sqlite');
    const previous = process.env.CONFERENCE_DB;
    process.env.CONFERENCE_DB = path;
    try {
      expect(await workshop('db', 'reset')).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.CONFERENCE_DB;
      else process.env.CONFERENCE_DB = previous;
    }
    expect(readFileSync(path).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(await workshop('db', 'drop')).toBe(2);
  });

  it("recreates the learner's own catalogue, not conference/'s data/conference.sqlite", async () => {
    fixture = createFixture();
    const previous = process.env.CONFERENCE_DB;
    delete process.env.CONFERENCE_DB;
    try {
      expect(await workshop('db', 'reset')).toBe(0);
    } finally {
      if (previous !== undefined) process.env.CONFERENCE_DB = previous;
    }
    expect(fixture.stdout()).toContain(
      'Reset the conference catalogue at .workshop/conference.sqlite.',
    );
    const own = join(fixture.root, '.workshop/conference.sqlite');
    expect(readFileSync(own).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(existsSync(join(fixture.root, 'data/conference.sqlite'))).toBe(false);
  });
});

describe('without a terminal', () => {
  it('the bare command says which commands to use', async () => {
    fixture = createFixture();
    expect(await workshop()).toBe(2);
    expect(fixture.stderr()).toContain('needs a terminal');
    expect(fixture.stderr()).toContain('check [step]');
  });

  it('is not interactive in CI, nor when stdin or stdout is not a terminal', () => {
    const tty = { isTTY: true };
    expect(isInteractive(tty, tty, {})).toBe(true);
    expect(isInteractive(tty, tty, { CI: 'true' })).toBe(false);
    expect(isInteractive(tty, tty, { CI: 'false' })).toBe(true);
    expect(isInteractive({}, tty, {})).toBe(false);
    expect(isInteractive(tty, {}, {})).toBe(false);
  });
});

describe('--json for scripts', () => {
  it('prints a wrong call as JSON on stdout, the words on stderr, and exits 2', async () => {
    fixture = createFixture();
    expect(await workshop('check', '99', '--json')).toBe(2);
    const printed = JSON.parse(fixture.stdout());
    expect(printed).toMatchObject({ error: expect.stringMatching(/^No step "99"/), exitCode: 2 });
    expect(printed.usage).toMatch(/^Usage: npm run workshop -- check/);
    expect(fixture.stderr()).toMatch(/^No step "99"/);
  });

  it('says hint: null for a passing check, so the key is always there', async () => {
    fixture = createFixture();
    await workshop('start', '01');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    expect(await workshop('check', '--json')).toBe(0);
    const [run] = JSON.parse(fixture.stdout().slice(fixture.stdout().indexOf('[\n  {')));
    expect(run).toMatchObject({ passed: true, hint: null });
  });
});

describe('the command line', () => {
  it('names the options a command takes when given one it does not know', async () => {
    expect(() => parseCommandLine(['check', '--colour'])).toThrow(
      'Unknown option --colour. "check" takes: --all, --solutions, --starters, --mutants, --watch (-w), --url, --json, --jobs (-j).',
    );
    expect(() => parseCommandLine(['--colour'])).toThrow(
      /^Unknown option --colour\. The options are: --json, --force \(-f\)/,
    );
    expect(() => parseCommandLine(['serve', '--port'])).toThrow(
      '--port needs a value, such as --port 8080.',
    );
    expect(() => parseCommandLine(['check', '--url'])).toThrow(
      '--url needs a value, such as --url http://localhost:8080.',
    );
  });

  it('parses commands, steps and flags', () => {
    expect(parseCommandLine(['check', '02', '--url', 'http://x'])).toEqual({
      command: 'check',
      args: ['02'],
      flags: { url: 'http://x' },
    });
    expect(parseCommandLine([])).toEqual({ command: undefined, args: [], flags: {} });
    expect(parseCommandLine(['--help']).command).toBe('help');
    expect(parseCommandLine(['start', '--help'])).toMatchObject({
      command: 'help',
      args: ['start'],
    });
  });

  it('rejects unknown commands and flags a command does not take', () => {
    expect(() => parseCommandLine(['frobnicate'])).toThrow('Unknown command "frobnicate"');
    expect(() => parseCommandLine(['list', '--force'])).toThrow('"list" does not take --force');
    expect(() => parseCommandLine(['check', '--nope'])).toThrow('Unknown option --nope.');
    expect(() => parseCommandLine(['start', '01', '02'])).toThrow('Too many arguments');
  });
});
