import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MARKS, progressBar } from '../src/ui/marks.ts';
import { StepList } from '../src/ui/views.ts';
import { WorkshopApp } from '../src/ui/WorkshopApp.ts';
import type { Step } from '../src/workshop/manifest.ts';
import { readProgress, stepStates } from '../src/workshop/progress.ts';
import type { ServerOptions, ServerProcess } from '../src/workshop/server.ts';
import { createFixture, type Fixture, fakeRunChecks, SOLVED } from './cliFixture.ts';

/** A port nothing listens on now, so that no test depends on 8080 being free. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const DOWN = '\u001B[B';
const UP = '\u001B[A';
const ENTER = '\r';
const ESC = '\u001B';

let fixture: Fixture;
let app: ReturnType<typeof render> | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  fixture?.cleanup();
});

function open(
  options: {
    startServer?: (options: ServerOptions) => ServerProcess;
    hyperlinks?: boolean;
    prepareChecks?: (step: Step) => Promise<void>;
    steps?: Step[];
  } = {},
) {
  const runs: Parameters<ReturnType<typeof fakeRunChecks>>[0][] = [];
  app = render(
    h(WorkshopApp, {
      dirs: fixture.dirs,
      steps: options.steps ?? fixture.ctx.steps,
      loadRunChecks: async () => fakeRunChecks(fixture.dirs, runs),
      signal: new AbortController().signal,
      now: () => new Date('2026-01-02T03:04:05.678Z'),
      pollMs: 50,
      ...options,
    }),
  );
  return { app, runs };
}

/**
 * Opens the app with a check that runs until it is cancelled, starts step 01 and presses
 * `c`; resolves, once the check is running, to the signals the checks were given.
 */
async function checkThatWaitsForCancel(
  options: { onInterrupt?: () => void } = {},
): Promise<AbortSignal[]> {
  const signals: AbortSignal[] = [];
  app = render(
    h(WorkshopApp, {
      dirs: fixture.dirs,
      steps: fixture.ctx.steps,
      loadRunChecks: async () => async (runOptions) => {
        const signal = runOptions.signal as AbortSignal;
        signals.push(signal);
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        return { passed: false, exitCode: 1, output: '', durationMs: 1, aborted: true };
      },
      signal: new AbortController().signal,
      now: () => new Date(),
      ...options,
    }),
  );
  await press(ENTER);
  await until(() => expect(screen()).toContain('copied the starter'));
  await press('c');
  await until(() => expect(app?.lastFrame()).toContain('Checking 01-hello…'));
  return signals;
}

/** Everything the app printed: <Static> logs and the latest live frame. */
function screen(): string {
  return app?.frames.join('\n') ?? '';
}

async function press(...keys: string[]) {
  for (const key of keys) {
    // Ink reads input once its effects ran; a tick between keys keeps them apart.
    await new Promise((resolve) => setTimeout(resolve, 20));
    app?.stdin.write(key);
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const until = (assertion: () => void) => vi.waitFor(assertion, { timeout: 3000, interval: 20 });

describe('the step list', () => {
  it('marks done, current and pending steps and shows a progress bar', async () => {
    fixture = createFixture();
    fixture.write(
      '.workshop/progress.json',
      JSON.stringify({
        current: '02-ping',
        passed: { '01-hello': '2026-01-01T00:00:00.000Z' },
        hintsShown: {},
      }),
    );
    open();
    const frame = app?.lastFrame() ?? '';
    expect(frame).toContain('Hyperpipe workshop');
    expect(frame).toContain('50%');
    expect(frame).toContain('1 of 2 done');
    expect(frame).toMatch(new RegExp(`${MARKS.done} 01 {2}hello`));
    expect(frame).toMatch(new RegExp(`❯ ${MARKS.current} 02 {2}ping .*\\(current\\)`));
    expect(frame).toContain('Welcome back');
  });

  it('keeps a long list within the height it is given', () => {
    const steps = Array.from({ length: 12 }, (_, i) => ({
      number: String(i + 1).padStart(2, '0'),
      slug: `s${i + 1}`,
      title: `Step ${i + 1}`,
      files: [],
    }));
    const states = stepStates(steps, {
      current: '06-s6',
      passed: {},
      hintsRead: {},
      lastHint: {},
      pointedHints: {},
      solutionsUsed: {},
    });
    const { lastFrame, unmount } = render(h(StepList, { states, selected: 5, height: 6 }));
    const lines = (lastFrame() ?? '').split('\n');
    unmount();
    expect(lines).toEqual([
      expect.stringContaining('↑ 3 more'),
      expect.stringContaining('04  s4'),
      expect.stringContaining('05  s5'),
      expect.stringContaining('❯ ▶ 06  s6'),
      expect.stringContaining('07  s7'),
      expect.stringContaining('↓ 5 more'),
    ]);
  });

  it('shows every step when they fit, one row each even when the terminal is narrow', () => {
    const steps = [
      {
        number: '01',
        slug: 'a',
        title: 'A title far too long for the width '.repeat(4),
        files: [],
      },
    ];
    const states = stepStates(steps, {
      current: null,
      passed: {},
      hintsRead: {},
      lastHint: {},
      pointedHints: {},
      solutionsUsed: {},
    });
    const { lastFrame, unmount } = render(h(StepList, { states, selected: 0, height: 6 }));
    const lines = (lastFrame() ?? '').split('\n');
    unmount();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^❯ · 01 {2}a {2}A title .*…$/);
  });

  it('draws the progress bar in proportion', () => {
    expect(progressBar(0, 4, 8)).toBe('░░░░░░░░');
    expect(progressBar(1, 4, 8)).toBe('██░░░░░░');
    expect(progressBar(4, 4, 8)).toBe('████████');
    expect(progressBar(0, 0, 4)).toBe('░░░░');
  });
});

describe('the keys', () => {
  it('move the selection with the arrows and j/k', async () => {
    fixture = createFixture();
    open();
    expect(app?.lastFrame()).toMatch(/❯ · 01/);
    await press('j');
    expect(app?.lastFrame()).toMatch(/❯ · 02/);
    await press('k');
    expect(app?.lastFrame()).toMatch(/❯ · 01/);
    await press(DOWN);
    expect(app?.lastFrame()).toMatch(/❯ · 02/);
    // The selection stops at the ends.
    await press(DOWN);
    expect(app?.lastFrame()).toMatch(/❯ · 02/);
    await press(UP, UP);
    expect(app?.lastFrame()).toMatch(/❯ · 01/);
  });

  it('enter starts the selected step and prints its README', async () => {
    fixture = createFixture();
    open();
    await press(DOWN, ENTER);
    // 01 is not done: starting 02 is asked first.
    await until(() =>
      expect(app?.lastFrame()).toContain(
        'Step 01-hello is not done yet. Start 02-ping anyway? Its starter holds the solution of 01-hello.',
      ),
    );
    await press('y');
    await until(() =>
      expect(screen()).toContain('Step 02-ping: copied the starter into workspace/'),
    );
    // Rendered, not raw Markdown: the heading underlined, without its `#`.
    expect(screen()).toMatch(/Step 02: Ping\n═+/);
    expect(screen()).not.toContain('# Step 02');
    expect(fixture.read('workspace/src/ping.ts')).toContain('ping = 1');
    // The README takes the screen until esc; then the steps, and what to do next.
    expect(app?.lastFrame()).not.toMatch(/02 {2}ping/);
    await press(ESC);
    await until(() => expect(app?.lastFrame()).toMatch(/❯ ▶ 02 {2}ping .*\(current\)/));
    expect(screen()).toContain('Edit the files in workspace/, then press c to check');
  });

  it('starts nothing when the learner says no to skipping a step', async () => {
    fixture = createFixture();
    open();
    await press(DOWN, ENTER);
    await until(() => expect(app?.lastFrame()).toContain('Start 02-ping anyway?'));
    await press('n');
    await until(() => expect(screen()).toContain('Nothing was replaced'));
    expect(existsSync(join(fixture.root, 'workspace/src/ping.ts'))).toBe(false);
  });

  it('i shows the README of the step in workspace/ again, with its links', async () => {
    fixture = createFixture();
    fixture.write(
      'exercises/01-hello/README.md',
      '# Step 01: Hello\n\n- Answer **GET /** with [text](../../framework/src/http/responses.ts).\n',
    );
    open({ hyperlinks: true });
    expect(app?.lastFrame()).toContain('i readme');
    await press(ENTER);
    await until(() => expect(screen()).toContain('Step 01-hello: copied the starter'));
    const shown = () => screen().split('Step 01: Hello\n═').length - 1;
    await press(ESC);
    await until(() => expect(app?.lastFrame()).toMatch(/▶ 01/));
    const before = shown();
    expect(before).toBeGreaterThan(0);
    await press(DOWN, 'i');
    // The README of 01, in workspace/, although the selection moved to 02.
    await until(() => expect(shown()).toBeGreaterThan(before));
    expect(screen()).toContain('• Answer GET / with');
    const link = `\u001B]8;;file://${fixture.root}/framework/src/http/responses.ts\u0007text\u001B]8;;\u0007`;
    expect(screen()).toContain(link);
  });

  it('gets the checks of the working step ready: at once, and on each start', async () => {
    fixture = createFixture();
    fixture.write('.workshop/progress.json', JSON.stringify({ current: '01-hello', passed: {} }));
    const prepared: string[] = [];
    open({
      prepareChecks: async (step) => {
        prepared.push(step.slug);
      },
    });
    await until(() => expect(prepared).toEqual(['hello']));
    await press(DOWN, ENTER, 'y');
    await until(() => expect(screen()).toContain('Step 02-ping: copied the starter'));
    expect(prepared).toEqual(['hello', 'ping']);
  });

  it('enter starts the step selected at the key press, even before the app drew it', async () => {
    fixture = createFixture();
    open();
    await press(`${DOWN}${ENTER}`);
    await until(() => expect(app?.lastFrame()).toContain('Start 02-ping anyway?'));
    await press('y');
    await until(() => expect(screen()).toContain('Step 02-ping: copied the starter'));
    expect(screen()).not.toContain('Step 01-hello: copied');
  });

  it('ctrl-c stops a running check, clears its line and exits with 130', async () => {
    fixture = createFixture();
    const interrupted = vi.fn();
    const signals = await checkThatWaitsForCancel({ onInterrupt: interrupted });
    await press('\u0003');
    await until(() => expect(signals[0]?.aborted).toBe(true));
    expect(interrupted).toHaveBeenCalledOnce();
    await until(() => expect(app?.lastFrame()).not.toContain('Checking 01-hello…'));
  });

  it('lays the header out again when the terminal gets narrower', async () => {
    fixture = createFixture();
    open();
    const stdout = app?.stdout as unknown as NodeJS.WriteStream;
    const header = () =>
      (app?.lastFrame() ?? '').split('\n').find((line) => line.includes('Hyperpipe'));
    expect(header()).toContain('░'.repeat(40));
    Object.defineProperty(stdout, 'columns', { value: 40, configurable: true });
    stdout.emit('resize');
    await until(() => expect(header()).toMatch(/^Hyperpipe workshop {2}0% {2}0 of 2 done$/));
  });

  it('asks before replacing a changed file, inside the app', async () => {
    fixture = createFixture();
    open();
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    fixture.write('workspace/src/app.ts', 'my work\n');
    // Enter never replaces files: in the README it closes it, on the step in workspace/ it
    // shows the README again. Only s starts the step afresh.
    await press(ENTER);
    await until(() => expect(app?.lastFrame()).toMatch(/❯ ▶ 01/));
    await press(ENTER);
    await until(() => expect(app?.lastFrame()).toContain('Step 01: Hello'));
    await press(ESC);
    await until(() => expect(app?.lastFrame()).toMatch(/❯ ▶ 01/));
    expect(app?.lastFrame()).not.toContain('(y/N)');
    await press('s');
    await until(() =>
      expect(app?.lastFrame()).toMatch(/You changed this file: src\/app\.ts.*\(y\/N\)/s),
    );
    await press('n');
    await until(() => expect(screen()).toContain('Nothing was replaced'));
    expect(fixture.read('workspace/src/app.ts')).toBe('my work\n');
    await press('s');
    await until(() => expect(app?.lastFrame()).toContain('(y/N)'));
    await press('y');
    await until(() =>
      expect(fixture.read('workspace/src/app.ts')).toBe('export function createApp() {}\n'),
    );
  });

  it('c checks the selected step and marks it done when it passes', async () => {
    fixture = createFixture();
    const { runs } = open();
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    await press('c');
    await until(() => expect(screen()).toContain('✘ Step 01-hello does not pass yet'));
    expect(screen()).toContain('FAIL GET / expected 200, received 404');
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    await press('c');
    await until(() => expect(screen()).toContain('✔ Step 01-hello passes'));
    expect(runs.map((run) => [run.target, run.stdio])).toEqual([
      [fixture.dirs.workspaceDir, 'pipe'],
      [fixture.dirs.workspaceDir, 'pipe'],
    ]);
    await until(() => expect(app?.lastFrame()).toMatch(/✔ 01 {2}hello/));
    // The next step is selected, ready for enter.
    expect(app?.lastFrame()).toMatch(/❯ · 02/);
    expect(readProgress(fixture.dirs.stateDir).passed['01-hello']).toBeDefined();
    // c, h and d still act on the step in workspace/, not on the newly selected one.
    expect(app?.lastFrame()).toContain('c check 01-hello');
    await press('c');
    await until(() => expect(runs).toHaveLength(3));
    expect(runs[2]?.step).toMatchObject({ number: '01' });
    await press('h');
    await until(() => expect(screen()).toContain('Hint 1 of 2, step 01-hello'));
    await press('k');
    expect(app?.lastFrame()).toMatch(/❯ ✔ 01/);
  });

  it('esc does not quit when nothing runs: only q does', async () => {
    fixture = createFixture();
    open();
    await press('\u001B');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await press('j');
    await until(() => expect(app?.lastFrame()).toMatch(/❯ · 02/));
    await press('q');
  });

  it('h shows the hint the failure named, every time; n the one after it', async () => {
    fixture = createFixture();
    fixture.write(
      'exercises/01-hello/hints.md',
      '## Hint 1: A rule\n\nRead.\n\n## Hint 2: A rule\n\nShape.\n\n## Hint 3: A rule\n\nCode.\n',
    );
    open();
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    await press('c'); // the fake check names hint 2
    await until(() => expect(screen()).toContain('Press h for hint 2 of 3 — A rule (2 of 3)'));
    // What the app printed after a key press.
    const after = async (key: string, text: string) => {
      const from = app?.frames.length ?? 0;
      await press(key);
      await until(() => expect(app?.frames.slice(from).join('\n')).toContain(text));
    };
    await after('h', 'Hint 2 of 3 — A rule (2 of 3), step 01-hello');
    expect(screen()).toContain('Need more? n shows hint 3 of 3 — A rule (3 of 3).');
    await after('h', 'Hint 2 of 3 — A rule (2 of 3), step 01-hello');
    await after('n', 'Hint 3 of 3 — A rule (3 of 3), step 01-hello');
    expect(screen()).toContain('That is the last hint: d compares your files with the solution.');
    await after('n', 'There is no hint after the last of step 01-hello');
    await after('h', 'Hint 2 of 3 — A rule (2 of 3), step 01-hello');
  });

  it('h shows a hint, d the diff, o the solution after a yes', async () => {
    fixture = createFixture();
    open();
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    await press('h');
    await until(() => expect(screen()).toContain('Hint 1 of 2, step 01-hello'));
    await press('h');
    await until(() => expect(screen()).toContain('Return a Response.'));
    // The diff shows the solution: a spoiler, shown only after a yes.
    await press('d');
    await until(() => expect(app?.lastFrame()).toMatch(/solution of step 01-hello.*\(y\/N\)/s));
    await press('n');
    expect(screen()).not.toContain(`+${SOLVED}`);
    await press('d');
    await until(() => expect(app?.lastFrame()).toContain('(y/N)'));
    await press('y');
    await until(() => expect(screen()).toContain(`+${SOLVED}`));
    await press('o');
    await until(() =>
      expect(app?.lastFrame()).toContain('Copy the solution of step 01-hello into workspace/?'),
    );
    await press('y');
    await until(() => expect(screen()).toContain('copied the solution'));
    expect(fixture.read('workspace/src/app.ts')).toContain(SOLVED);
  });

  it('o on a later step fast-forwards: the steps it skips count as done with the solution', async () => {
    fixture = createFixture();
    open();
    await press(DOWN, 'o');
    await until(() =>
      expect(app?.lastFrame()).toContain('Copy the solution of step 02-ping into workspace/?'),
    );
    await press('y');
    await until(() =>
      expect(screen()).toContain(
        'Step 01-hello, skipped over, now counts as done with the solution: the solution of 02-ping holds it.',
      ),
    );
    // The list no longer points back to 01.
    await until(() => expect(app?.lastFrame()).toMatch(/◇ 01 {2}hello/));
  });

  it('r resets the current step to its starter after a yes', async () => {
    fixture = createFixture();
    open();
    await press('r');
    await until(() => expect(screen()).toContain('No step is started yet'));
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    fixture.write('workspace/src/app.ts', 'my work\n');
    await press('r');
    await until(() => expect(app?.lastFrame()).toContain('replace it? (y/N)'));
    await press('y');
    await until(() =>
      expect(fixture.read('workspace/src/app.ts')).toBe('export function createApp() {}\n'),
    );
    expect(screen()).toContain('Your previous versions are in .workshop/backups/');
  });

  it('esc cancels a running check, which then marks nothing', async () => {
    fixture = createFixture();
    const signals = await checkThatWaitsForCancel();
    await press('j');
    expect(app?.lastFrame()).toMatch(/❯ ▶ 01/);
    await press('\u001B');
    await until(() => expect(screen()).toContain('Check cancelled.'));
    expect(signals[0]?.aborted).toBe(true);
    expect(readProgress(fixture.dirs.stateDir).passed).toEqual({});
  });

  it('picks up progress written by npm run check in another terminal', async () => {
    fixture = createFixture();
    open();
    fixture.write(
      '.workshop/progress.json',
      JSON.stringify({
        current: null,
        passed: { '01-hello': '2026-01-01T00:00:00.000Z' },
        hintsShown: {},
      }),
    );
    await until(() => expect(app?.lastFrame()).toContain('1 of 2 done'));
    // Said, with the way on; the selection stays where the learner left it, so that the next
    // ↓ and enter start the step they see, not one further on.
    expect(screen()).toContain(
      '✔ Step 01-hello passes (checked in another terminal). Select 02-ping and press enter',
    );
    expect(app?.lastFrame()).toMatch(/❯ ✔ 01/);
  });

  it("does not announce its own check's pass as another terminal's", async () => {
    fixture = createFixture();
    open();
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    fixture.write('workspace/src/app.ts', `${SOLVED}\n`);
    await press('c');
    await until(() => expect(screen()).toContain('✔ Step 01-hello passes.'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // several polls
    expect(screen()).not.toContain('checked in another terminal');
  });

  it('v serves the working copy and stops it; q quits and stops it too', async () => {
    fixture = createFixture();
    const servers: Array<{ options: ServerOptions; stdout: PassThrough }> = [];
    const startServer = (options: ServerOptions): ServerProcess => {
      const stdout = new PassThrough();
      const ended = new Promise<{ exitCode?: number; signal?: string }>((resolve) => {
        options.signal.addEventListener('abort', () => {
          stdout.end();
          resolve({ signal: 'SIGTERM' });
        });
      });
      servers.push({ options, stdout });
      return Object.assign(ended, { stdout, stderr: null });
    };
    // The app serves on PORT (else 8080), which must be free: a port of the test's own.
    const previousPort = process.env.PORT;
    process.env.PORT = String(await freePort());
    onTestFinished(() => {
      if (previousPort === undefined) delete process.env.PORT;
      else process.env.PORT = previousPort;
    });
    open({ startServer });
    await press('v');
    await until(() => expect(screen()).toContain('no workspace/src/server.ts to serve yet'));
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    await press('v');
    await until(() => expect(app?.lastFrame()).toContain('● serving workspace/'));
    await until(() => expect(servers).toHaveLength(1));
    expect(servers[0]?.options).toMatchObject({
      file: `${fixture.dirs.workspaceDir}/src/server.ts`,
      stdio: 'pipe',
    });
    servers[0]?.stdout.write('Listening on http://localhost:8080\n');
    await until(() => expect(screen()).toContain('server │ Listening on http://localhost:8080'));
    // A save restarts it.
    fixture.write('workspace/src/app.ts', 'export function createApp() {} // saved\n');
    await vi.waitFor(() => expect(servers).toHaveLength(2), { timeout: 10_000 });
    expect(servers[0]?.options.signal.aborted).toBe(true);
    await until(() => expect(screen()).toContain('Restarted after a change to src/app.ts.'));
    await press('v');
    await until(() => expect(screen()).toContain('The server stopped.'));
    expect(servers[1]?.options.signal.aborted).toBe(true);

    await press('v');
    await until(() => expect(servers).toHaveLength(3));
    await press('q');
    expect(servers[1]?.options.signal.aborted).toBe(true);
  });
});

/** The rows a terminal of `rows` shows: the end of the output, less the row Ink keeps free. */
function visibleRows(rows: number): string[] {
  const lines = (app?.lastFrame() ?? '').replace(/\n$/, '').split('\n');
  return lines.slice(-(rows - 1));
}

/** Gives the app's terminal a size, as a resize does. */
function resize(rows: number, columns: number) {
  const stdout = app?.stdout as unknown as NodeJS.WriteStream;
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  stdout.emit('resize');
}

/** A report as the checks print one: each failure's first line, then the first in full. */
const LONG_REPORT = [
  '✗ answers DELETE /speaker/1 with a 405 problem',
  '    DELETE /speaker/1: json.detail is "The DELETE method is not allowed here; use GET, HEAD", expected "The DELETE method has not been defined for entities"',
  ...Array.from(
    { length: 4 },
    (_, n) => `✗ check ${n + 2}\n    GET /speaker/${n}: status is 404, not 200`,
  ),
  '✓ type-checks: no type errors in src/ and config/',
  '',
  'The first failure of 5, in full:',
  '',
  'DELETE /speaker/1: json.detail is "The DELETE method is not allowed here; use GET, HEAD", expected "The DELETE method has not been defined for entities"',
  '',
  '  Sent:     DELETE http://conference.test/speaker/1',
  '  Expected: status 405',
  '            content-type: a text matching /^application\\/problem\\+json/',
  '            allow: <GET (with HEAD and OPTIONS) only: the resource serves no write yet>',
  '            JSON body with { "status": 405, "title": "Method Not Allowed", "detail": "The DELETE method has not been defined for entities" }',
  '  Received: status 405 Method Not Allowed',
  '            allow: GET,HEAD',
  '            content-type: application/problem+json',
  '            {"type":"https://www.rfc-editor.org/rfc/rfc9110#status.405","title":"Method Not Allowed","status":405,"detail":"The DELETE method is not allowed here; use GET, HEAD"}',
  '  Differs:  json.detail is "The DELETE method is not allowed here; use GET, HEAD", expected "The DELETE method has not been defined for entities"',
  '  Hint:     read hint 2: press h in `npm start`, run `npm run workshop -- hint 01 2`, or read exercises/01-hello/hints.md, Hint 2',
  '',
  '5 of 6 checks fail (1.3 s)',
].join('\n');

/** The fixture's two steps and ten more: as many as the workshop has. */
function twelveSteps(): Step[] {
  const more = Array.from({ length: 10 }, (_, n) => ({
    number: String(n + 3).padStart(2, '0'),
    slug: `more-${n + 3}`,
    title: `Step ${n + 3}`,
    files: [],
  }));
  return [...fixture.ctx.steps, ...more];
}

describe('a small terminal (70×25)', () => {
  it('keeps the first failure and its hint in view after a failed check', async () => {
    fixture = createFixture();
    app = render(
      h(WorkshopApp, {
        dirs: fixture.dirs,
        steps: twelveSteps(),
        loadRunChecks: async () => async () => ({
          passed: false,
          exitCode: 1,
          output: LONG_REPORT,
          durationMs: 5,
          aborted: false,
          hint: 2,
        }),
        signal: new AbortController().signal,
        now: () => new Date(),
      }),
    );
    resize(25, 70);
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    await press(ESC, 'c');
    await until(() => expect(screen()).toContain('✘ Step 01-hello does not pass yet'));
    const visible = visibleRows(25);
    const text = visible.join('\n');
    expect(text).toContain('✘ DELETE /speaker/1: json.detail is');
    expect(text).toMatch(/Hint: +read hint 2: press h/);
    expect(text).toContain('Press h for hint 2');
    for (const row of visible) expect(stripVTControlCharacters(row).length).toBeLessThanOrEqual(70);
    // The steps are still there, scrolled to the working one, and the keys.
    expect(text).toMatch(/❯ ▶ 01 {2}hello/);
    expect(text).toContain('↓ 9 more');
    expect(text).toMatch(/c check {2}h hint/);
  });

  it('shows a README from its top, and scrolls without losing it', async () => {
    fixture = createFixture();
    const body = Array.from({ length: 60 }, (_, n) => `Line ${n + 1} of the README.`);
    fixture.write('exercises/01-hello/README.md', `# Step 01: Hello\n\n${body.join('\n\n')}\n`);
    open();
    resize(25, 70);
    await press(ENTER);
    await until(() => expect(app?.lastFrame()).toContain('Step 01: Hello'));
    const top = () => visibleRows(25).join('\n');
    // The title first, then as many lines as the terminal has rows, and where they are.
    expect(visibleRows(25)[0]).toBe('Step 01: Hello');
    expect(top()).toMatch(/1–23 of 122/);
    expect(top()).not.toContain('Line 12 of');
    await press(UP, 'k');
    expect(visibleRows(25)[0]).toBe('Step 01: Hello');
    await press('\u001B[6~'); // PgDn
    await until(() => expect(top()).toMatch(/23–45 of 122/));
    expect(top()).not.toContain('Step 01: Hello');
    await press('j');
    await until(() => expect(top()).toMatch(/24–46 of 122/));
    await press('G');
    await until(() => expect(top()).toMatch(/100–122 of 122/));
    expect(visibleRows(25).at(-2)).toBe('Line 60 of the README.');
    await press(DOWN);
    expect(top()).toMatch(/100–122 of 122/);
    await press('g');
    await until(() => expect(visibleRows(25)[0]).toBe('Step 01: Hello'));
    // Esc goes back to the steps; i opens the README again, from its top.
    await press(ESC);
    await until(() => expect(app?.lastFrame()).toMatch(/❯ ▶ 01/));
    await press('i');
    await until(() => expect(visibleRows(25)[0]).toBe('Step 01: Hello'));
  });

  it('keeps every live row within the terminal, and says which step c, h, d and i act on', async () => {
    fixture = createFixture();
    open({ steps: twelveSteps() });
    resize(25, 70);
    await press(ENTER);
    await until(() => expect(screen()).toContain('copied the starter'));
    // The welcome was printed before the test gave the terminal its size.
    const since = () => visibleRows(25).filter((row) => !row.startsWith('Welcome'));
    for (const row of since()) expect(stripVTControlCharacters(row).length).toBeLessThanOrEqual(70);
    await press(ESC);
    await until(() => expect(app?.lastFrame()).toMatch(/❯ ▶ 01/));
    for (const row of since()) expect(stripVTControlCharacters(row).length).toBeLessThanOrEqual(70);
    // The compact key help leaves the step out: the status line names it.
    expect(since().join('\n')).toContain('workspace/ is 01-hello: c h n d i act on it');
    expect(since().join('\n')).not.toContain('check 01-hello');
  });
});
