import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyRepository } from '../../bench/workshop/copy.ts';

// The whole command, as a learner runs it, in a temporary copy of the repository (the
// workshop bench's): the real steps, checks and harness, but never the real workspace/ or
// .workshop/. Paths inside the copy follow from where its cli/ lives; the packages are the
// repository's, through links.
let root: string;

beforeAll(() => {
  root = copyRepository();
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** `workshop <args>` in the copy, without a terminal (execa pipes stdin and stdout). */
function workshop(...args: string[]) {
  return execa(process.execPath, ['cli/bin/workshop.js', ...args], {
    cwd: root,
    env: { CI: 'true', NO_COLOR: '1' },
    reject: false,
    timeout: 60_000,
  });
}

/** Processes whose environment holds `marker` (Linux only: read from /proc). */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker);
      } catch {
        return false; // gone meanwhile, or not ours
      }
    })
    .map(Number);
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the workshop command, end to end', () => {
  // Two real check runs, each with its type-check: on a busy machine they take a while.
  it('scaffolds step 01, fails its check, passes with the solution, and lists it done', {
    timeout: 60_000,
  }, async () => {
    const start = await workshop('start', '01');
    expect(start.stderr).toBe('');
    expect(start.exitCode).toBe(0);
    expect(read('workspace/src/app.ts')).toBe(read('exercises/01-hello/starter/src/app.ts'));

    const failing = await workshop('check');
    expect(failing.exitCode).toBe(1);
    expect(failing.stdout).toContain('✘ Step 01-hello does not pass yet');

    cpSync(join(root, 'solutions/01-hello'), join(root, 'workspace'), { recursive: true });
    const passing = await workshop('check');
    // On failure, vitest's report says which check failed and why.
    expect(passing.exitCode, `${passing.stdout}\n${passing.stderr}`).toBe(0);
    expect(passing.stdout).toContain('✔ Step 01-hello passes');

    const list = await workshop('list');
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toMatch(/› ✔ 01 {2}hello/);
    const json = JSON.parse((await workshop('list', '--json')).stdout);
    expect(json.steps[0]).toMatchObject({ id: '01-hello', status: 'done', current: true });
    expect(json.steps[1]).toMatchObject({ status: 'pending' });
  });

  it('keeps an edited file when step 01 is started again, until --force', async () => {
    // Its own state, whatever the test before left: a fresh copy of the starter, then an edit.
    rmSync(join(root, 'workspace'), { recursive: true, force: true });
    rmSync(join(root, '.workshop'), { recursive: true, force: true });
    expect((await workshop('start', '01')).exitCode).toBe(0);
    const edited = `${read('workspace/src/app.ts')}// my edit\n`;
    writeFileSync(join(root, 'workspace/src/app.ts'), edited);

    const again = await workshop('start', '01');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('--force');
    expect(read('workspace/src/app.ts')).toBe(edited);
    // Nothing was replaced, so nothing was backed up.
    expect(existsSync(join(root, '.workshop/backups'))).toBe(false);

    const forced = await workshop('start', '01', '--force');
    expect(forced.exitCode).toBe(0);
    expect(read('workspace/src/app.ts')).toBe(read('exercises/01-hello/starter/src/app.ts'));
    const backups = readdirSync(join(root, '.workshop/backups'));
    expect(backups).toHaveLength(1);
    expect(read(`.workshop/backups/${backups[0]}/src/app.ts`)).toBe(edited);
    // The working copy gets a tsconfig.json for editors, extending the repository's.
    expect(JSON.parse(read('workspace/tsconfig.json'))).toEqual({
      extends: '../tsconfig.json',
      include: ['src', 'config'],
    });
  });

  it('says a busy port is in use and what to try, rather than a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const serve = await workshop('serve', '--port', String(port));
      expect(serve.exitCode).toBe(1);
      expect(serve.stderr).toContain(`port ${port} is in use, try --port ${port + 1}`);
      expect(serve.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it.runIf(existsSync('/proc/self/environ'))(
    'exits with 130 when Ctrl-C stops a check, leaving no process of it behind',
    async () => {
      rmSync(join(root, '.workshop'), { recursive: true, force: true });
      expect((await workshop('start', '01', '--force')).exitCode).toBe(0);
      cpSync(join(root, 'solutions/01-hello'), join(root, 'workspace'), { recursive: true });
      // The checks run in the command's process; step 01's last check starts the learner's
      // server, which inherits what the command set for the checks.
      const marker = `WORKSHOP_TARGET=${join(root, 'workspace')}`;
      const check = workshop('check');
      await vi.waitFor(() => expect(processesWith(marker).length).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 20,
      });
      check.kill('SIGINT');
      const result = await check;
      expect(result.exitCode).toBe(130);
      expect(result.stdout).not.toContain('passes');
      expect(result.stdout).not.toContain('does not pass');
      // A server the stopped check had started ends with the command (exitWithParent.ts).
      await vi.waitFor(() => expect(processesWith(marker)).toEqual([]), { timeout: 5000 });
    },
  );

  it('checks again on every save with --watch, seeing each edit, and records a pass', {
    timeout: 90_000,
  }, async () => {
    rmSync(join(root, '.workshop'), { recursive: true, force: true });
    expect((await workshop('start', '01', '--force')).exitCode).toBe(0);
    const watching = workshop('check', '--watch');
    let output = '';
    watching.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    const runs = () => output.split('── ').length - 1;
    const waitForRun = async (count: number) =>
      vi.waitFor(() => expect(output.split(/Waiting for a save/).length - 1).toBe(count), {
        timeout: 40_000,
        interval: 50,
      });
    await waitForRun(1);
    expect(output).toContain('✘ Step 01-hello does not pass yet');
    expect(JSON.parse(read('.workshop/progress.json')).passed).toEqual({});

    cpSync(join(root, 'solutions/01-hello'), join(root, 'workspace'), { recursive: true });
    await waitForRun(2);
    expect(output.slice(output.lastIndexOf('── '))).toContain('✔ Step 01-hello passes');
    // A pass while watching is a pass: the step is done.
    expect(JSON.parse(read('.workshop/progress.json')).passed).toHaveProperty('01-hello');

    // The same warm checker sees the next edit, not the modules it loaded before.
    const app = read('workspace/src/app.ts');
    writeFileSync(join(root, 'workspace/src/app.ts'), app.replace(/Hello/, 'Goodbye'));
    await waitForRun(3);
    expect(output.slice(output.lastIndexOf('── '))).toContain('does not pass yet');
    expect(runs()).toBe(3);

    watching.kill('SIGINT');
    expect((await watching).exitCode).toBe(130);
  });

  it('wraps a long report line under its value in a narrow terminal', {
    timeout: 60_000,
  }, async () => {
    expect((await workshop('start', '01', '--force')).exitCode).toBe(0);
    // A real terminal of 60 columns: util-linux's `script` runs the command on a pseudo-terminal.
    const command = 'stty cols 60 rows 40; node cli/bin/workshop.js check';
    const run = await execa('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      env: {
        CI: 'true',
        NO_COLOR: '1',
        PATH: `${join(process.execPath, '..')}:${process.env.PATH}`,
      },
      reject: false,
      timeout: 60_000,
    });
    const lines = run.stdout.replaceAll('\r', '').split('\n');
    const hint = lines.findIndex((line) => line.startsWith('  Hint:     read hint'));
    expect(hint, run.stdout).toBeGreaterThan(-1);
    // The hint's line is longer than the terminal: it goes on under "read hint", not at column 0.
    expect(lines[hint + 1]).toMatch(/^ {12}\S/);
    const report = lines.slice(
      0,
      lines.findIndex((line) => line.startsWith('✘ Step 01')),
    );
    for (const line of report) expect(line.length, line).toBeLessThanOrEqual(60);
  });

  it('says what to use instead of the interactive app without a terminal', async () => {
    const bare = await workshop();
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr).toContain('needs a terminal');
    expect(bare.stderr).toContain('npm run workshop -- <command>');
  });
});
