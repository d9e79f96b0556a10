/**
 * The workshop command's own timings, as a learner and an author feel them:
 *
 *   - `npm run check` on one step (target ≤ 1.5 s): from pressing enter to the verdict, with
 *     the type-check of the learner's files that every check run includes;
 *   - a warm re-check (target ≤ 400 ms): `npm run check -- --watch` running, from saving a
 *     file to the verdict on screen, for step 01 (whose checks start the learner's server)
 *     and step 05 (whose checks do not); the app's `c` runs the same warm checker;
 *   - `workshop list` without a terminal (target ≤ 300 ms), through the bin launcher, and
 *     through `npm run workshop -- list` for comparison (npm adds its own start-up);
 *   - the authors' verification, `workshop check --solutions --starters` over every step.
 *
 * Everything runs in a temporary copy of the repository, so the real workspace/ and
 * .workshop/ are never touched. Usage: `tsx bench/workshop/run.ts` (BENCH_WORKSHOP_RUNS
 * sets the rounds, 5 by default; the verification gets at most 3).
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeMachine } from '../machine.ts';
import { median } from '../stats.ts';
import { markdownTable, verdict } from '../table.ts';

const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_WORKSHOP_RUNS ?? 5);

interface Timing {
  name: string;
  command: string;
  samples: number[];
  /** The exit codes seen: a timing of a command that failed unexpectedly means nothing. */
  codes: Set<number | null>;
  targetMs?: number;
}

/** A copy of what the command needs: the steps, the CLI and its harness, the manifests. */
function copyRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'workshop-bench-'));
  for (const entry of ['exercises', 'solutions', 'cli', 'package.json', 'tsconfig.json']) {
    cpSync(join(REPO, entry), join(root, entry), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  return root;
}

function time(root: string, argv: string[]): { ms: number; code: number | null; output: string } {
  const started = performance.now();
  const result = spawnSync(argv[0] as string, argv.slice(1), {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = performance.now() - started;
  return { ms, code: result.status, output: `${result.stdout}${result.stderr}` };
}

function measure(
  root: string,
  timing: Omit<Timing, 'samples' | 'codes'>,
  argv: string[],
  runs: number,
): Timing {
  const samples: number[] = [];
  const codes = new Set<number | null>();
  // One run first to warm Node's compile cache and the file system, not counted.
  time(root, argv);
  for (let run = 0; run < runs; run += 1) {
    const { ms, code } = time(root, argv);
    samples.push(ms);
    codes.add(code);
  }
  return { ...timing, samples, codes };
}

const WAITING = 'Waiting for a save';
/**
 * A learner edits between saves. The pause also lets a checker's kept type-check parse the
 * project after the first run (about 1.3 s); until then the native compiler answers instead.
 */
const BETWEEN_SAVES_MS = 2000;

/**
 * Saves to the working copy while `check --watch` runs, BETWEEN_SAVES_MS apart, and times each
 * save to the verdict printed after it. The first run (a cold start) and the first re-check
 * are not counted.
 */
async function measureWatch(
  root: string,
  timing: Omit<Timing, 'samples' | 'codes'>,
  runs: number,
): Promise<Timing> {
  const child = spawn(process.execPath, ['cli/bin/workshop.js', 'check', '--watch'], {
    cwd: root,
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let verdicts = 0;
  let onVerdict: (() => void) | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const seen = output.split(WAITING).length - 1;
    if (seen > verdicts) {
      verdicts = seen;
      onVerdict?.();
    }
  });
  const nextVerdict = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no verdict:\n${output}`)), 60_000);
      onVerdict = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const samples: number[] = [];
  const codes = new Set<number | null>();
  try {
    await nextVerdict();
    for (let run = 0; run <= runs; run += 1) {
      await sleep(BETWEEN_SAVES_MS);
      const verdict = nextVerdict();
      const started = performance.now();
      appendFileSync(join(root, 'workspace/src/app.ts'), `// save ${run}\n`);
      await verdict;
      if (run > 0) samples.push(performance.now() - started);
      codes.add(output.slice(output.lastIndexOf('── ')).includes('passes') ? 0 : 1);
    }
  } finally {
    child.kill('SIGINT');
  }
  return { ...timing, samples, codes };
}

/** Puts a step's solution into the copy's working copy, as the learner's solved files. */
function solve(root: string, step: string): void {
  const setup = time(root, [process.execPath, 'cli/bin/workshop.js', 'start', step, '--force']);
  if (setup.code !== 0) throw new Error(`workshop start ${step} failed:\n${setup.output}`);
  const solution = spawnSync('ls', [join(root, 'solutions')], { encoding: 'utf8' })
    .stdout.split('\n')
    .find((name) => name.startsWith(`${step}-`));
  cpSync(join(root, `solutions/${solution}`), join(root, 'workspace'), { recursive: true });
}

const root = copyRepository();
try {
  const workshop = [process.execPath, 'cli/bin/workshop.js'];
  solve(root, '01');

  console.log(`# Workshop command timings, ${new Date().toISOString()}\n`);
  console.log(describeMachine());
  const timings = [
    measure(
      root,
      {
        name: 'workshop list (bin, no terminal)',
        command: 'node cli/bin/workshop.js list',
        targetMs: 300,
      },
      [...workshop, 'list'],
      RUNS,
    ),
    measure(
      root,
      { name: 'workshop list (npm run)', command: 'npm run workshop -- list' },
      ['npm', 'run', '--silent', 'workshop', '--', 'list'],
      RUNS,
    ),
    measure(
      root,
      { name: 'npm run check (step 01, passing)', command: 'npm run check', targetMs: 1500 },
      ['npm', 'run', '--silent', 'check'],
      RUNS,
    ),
    measure(
      root,
      { name: 'workshop check (bin, step 01)', command: 'node cli/bin/workshop.js check' },
      [...workshop, 'check'],
      RUNS,
    ),
    // What the harness costs on its own, without npm or the command around it.
    measure(
      root,
      {
        name: 'vitest alone, same checks',
        command: 'vitest run --config cli/vitest.checks.config.ts exercises/01-hello/ cli/checks/',
      },
      [
        'env',
        `WORKSHOP_TARGET=${root}/workspace`,
        'WORKSHOP_STEP=01-hello',
        'node_modules/.bin/vitest',
        'run',
        '--config',
        'cli/vitest.checks.config.ts',
        'exercises/01-hello/',
        'cli/checks/',
      ],
      RUNS,
    ),
    // The type-check of the learner's files on its own: its share of every check run.
    measure(
      root,
      { name: 'type-check alone (step 01)', command: 'typeErrors(workspace)' },
      [
        process.execPath,
        '-e',
        `import('./cli/src/harness/typecheck.ts').then((m) => m.typeErrors('${root}/workspace'))`,
      ],
      RUNS,
    ),
    await measureWatch(
      root,
      {
        name: 'warm re-check, step 01 (a save to the verdict, check --watch)',
        command: 'npm run check -- --watch, then a save',
        targetMs: 400,
      },
      RUNS,
    ),
    await (async () => {
      solve(root, '05');
      const timing = await measureWatch(
        root,
        {
          name: 'warm re-check, step 05 (a save to the verdict, check --watch)',
          command: 'npm run check -- --watch, then a save',
          targetMs: 400,
        },
        RUNS,
      );
      solve(root, '01');
      return timing;
    })(),
    measure(
      root,
      {
        name: 'verification: every solution passes, every starter fails',
        command: 'workshop check --solutions --starters',
      },
      [...workshop, 'check', '--solutions', '--starters'],
      Math.min(RUNS, 3),
    ),
  ];
  const rows = timings.map((t) => [
    t.name,
    `${Math.round(median(t.samples))} ms`,
    `${Math.round(Math.min(...t.samples))}–${Math.round(Math.max(...t.samples))} ms`,
    String(t.samples.length),
    [...t.codes].join(','),
    t.targetMs === undefined
      ? ''
      : `≤ ${t.targetMs} ms: ${verdict(median(t.samples) <= t.targetMs)}`,
  ]);
  console.log(markdownTable(['what', 'median', 'range', 'runs', 'exit', 'target'], rows));
  console.log('\nCommands, in the copy:');
  for (const t of timings) console.log(`  ${t.name}: ${t.command}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
