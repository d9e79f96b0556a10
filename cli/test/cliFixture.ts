import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { ChecksRun, CommandContext, RunChecks } from '../src/commands/context.ts';
import { dirsUnder, type WorkshopDirs } from '../src/workshop/dirs.ts';
import { loadManifest } from '../src/workshop/manifest.ts';
import type { Confirm } from '../src/workshop/scaffold.ts';
import { targetDir } from '../src/workshop/targets.ts';

/** The word a fake check looks for: a target passes when its src/app.ts says it. */
export const SOLVED = '// SOLVED';

/** Two small steps, each with a README, hints, a starter and a solution. */
const FILES: Record<string, string> = {
  'exercises/steps.json': JSON.stringify({
    steps: [
      { number: '01', slug: 'hello', title: 'Hello, Hyperpipe', files: ['src/app.ts'] },
      { number: '02', slug: 'ping', title: 'Ping', files: ['src/app.ts', 'src/ping.ts'] },
    ],
  }),
  'exercises/01-hello/README.md': '# Step 01: Hello\n\nAnswer GET / with "Hello".',
  'exercises/01-hello/hints.md':
    '# Hints\n\n## Hint 1\n\nUse app.get.\n\n## Hint 2\n\nReturn a Response.\n',
  'exercises/01-hello/starter/src/app.ts': 'export function createApp() {}\n',
  'exercises/01-hello/starter/src/server.ts': 'console.log("server 01");\n',
  'solutions/01-hello/src/app.ts': `export function createApp() {}\n${SOLVED}\n`,
  'solutions/01-hello/src/server.ts': 'console.log("server 01");\n',
  'exercises/02-ping/README.md': '# Step 02: Ping',
  'exercises/02-ping/hints.md': '## Hint 1\n\nAdd a route.\n',
  'exercises/02-ping/starter/src/app.ts': 'export function createApp() { /* 02 */ }\n',
  'exercises/02-ping/starter/src/ping.ts': 'export const ping = 1;\n',
  'exercises/02-ping/starter/src/server.ts': 'console.log("server 02");\n',
  'solutions/02-ping/src/app.ts': `export function createApp() { /* 02 */ }\n${SOLVED}\n`,
  'solutions/02-ping/src/ping.ts': 'export const ping = 2;\n',
  'solutions/02-ping/src/server.ts': 'console.log("server 02");\n',
};

export interface Fixture {
  root: string;
  dirs: WorkshopDirs;
  ctx: CommandContext;
  /** Everything printed to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** The requests the fake harness received. */
  checkRuns: Parameters<RunChecks>[0][];
  read(path: string): string;
  write(path: string, content: string): void;
  cleanup(): void;
}

/** A fake harness: a target passes when its src/app.ts contains SOLVED. */
export function fakeRunChecks(dirs: WorkshopDirs, runs: Parameters<RunChecks>[0][]): RunChecks {
  return async (options): Promise<ChecksRun> => {
    runs.push(options);
    const step = typeof options.step === 'string' ? undefined : options.step;
    if (!step) throw new Error('the commands pass steps, not names');
    const dir = isAbsolute(options.target)
      ? options.target
      : targetDir(options.target as 'workspace' | 'starter' | 'solution', step, dirs);
    let app = '';
    try {
      app = readFileSync(`${dir}/src/app.ts`, 'utf8');
    } catch {}
    const passed = app.includes(SOLVED);
    return {
      passed,
      exitCode: passed ? 0 : 1,
      output: passed ? 'all checks pass\n' : 'FAIL GET / expected 200, received 404\n',
      durationMs: 5,
      aborted: false,
      // The failure the fake reports names the last hint of the step, not the first.
      hint: passed ? undefined : 2,
    };
  };
}

export function createFixture(options: { confirm?: Confirm; colour?: boolean } = {}): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'workshop-cli-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  for (const [path, content] of Object.entries(FILES)) write(path, content);
  const dirs = dirsUnder(root);
  let out = '';
  let err = '';
  const checkRuns: Parameters<RunChecks>[0][] = [];
  const ctx: CommandContext = {
    dirs,
    steps: loadManifest(`${dirs.exercisesDir}/steps.json`),
    out: (text) => {
      out += `${text}\n`;
    },
    err: (text) => {
      err += `${text}\n`;
    },
    colour: options.colour ?? false,
    hyperlinks: false,
    width: 0,
    confirm: options.confirm,
    loadRunChecks: async () => fakeRunChecks(dirs, checkRuns),
    signal: new AbortController().signal,
    now: () => new Date('2026-01-02T03:04:05.678Z'),
  };
  return {
    root,
    dirs,
    ctx,
    stdout: () => out,
    stderr: () => err,
    checkRuns,
    read: (path) => readFileSync(join(root, path), 'utf8'),
    write,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
