/**
 * How the workshop bench times a command: a cold run (a process from start to exit), and a
 * warm re-check (a save under `check --watch` to the verdict printed after it). Each gives its
 * wall time and the CPU time spent meanwhile: on a machine other work shares, the CPU time
 * says more about a change than the wall time, which waits for the cores too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The timings of one command, run several times. */
export interface Timing {
  name: string;
  command: string;
  samples: number[];
  /** CPU milliseconds per run, where the system tells (Linux), in the samples' order. */
  cpu: number[];
  /** The exit codes seen: a timing of a command that failed unexpectedly means nothing. */
  codes: Set<number | null>;
  targetMs?: number;
}

type Described = Pick<Timing, 'name' | 'command' | 'targetMs'>;

const ENV = { ...process.env, CI: 'true', NO_COLOR: '1' };
/** Clock ticks a second, the unit of /proc's CPU times (100 on Linux as built today). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU milliseconds a process has used, its threads and the children it waited for included
 * (user and system time from /proc/<pid>/stat); undefined where there is no /proc.
 */
function cpuMs(
  pid: number | 'self',
  children: 'with children' | 'children only',
): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The fields after the command's name, which is in parentheses and may hold spaces: state
  // is the first of them, utime the 12th, stime, cutime and cstime the three after.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
  const ticks = children === 'children only' ? cutime + cstime : utime + stime + cutime + cstime;
  return (ticks * 1000) / TICKS;
}

/** Runs a command to its end: its wall time, and the CPU time of it and all it started. */
export function time(
  root: string,
  argv: string[],
): { ms: number; cpuMs: number | undefined; code: number | null; output: string } {
  const cpuBefore = cpuMs('self', 'children only');
  const started = performance.now();
  const result = spawnSync(argv[0] as string, argv.slice(1), {
    cwd: root,
    encoding: 'utf8',
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = performance.now() - started;
  // The child has been waited for, so its CPU time (and that of the processes it waited for:
  // npm's shell, the native type-checker) now counts as this process's children's.
  const cpuAfter = cpuMs('self', 'children only');
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { ms, cpuMs: cpu, code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Times a command `runs` times, after one run that is not counted. */
export function measure(root: string, timing: Described, argv: string[], runs: number): Timing {
  const samples: number[] = [];
  const cpu: number[] = [];
  const codes = new Set<number | null>();
  // One run first to warm Node's compile cache and the file system, not counted.
  time(root, argv);
  for (let run = 0; run < runs; run += 1) {
    const result = time(root, argv);
    samples.push(result.ms);
    if (result.cpuMs !== undefined) cpu.push(result.cpuMs);
    codes.add(result.code);
  }
  return { ...timing, samples, cpu, codes };
}

const WAITING = 'Waiting for a save';
/**
 * A learner edits between saves. The pause also lets a checker's kept type-check parse the
 * project after the first run (about 1.3 s); until then the native compiler answers instead.
 */
const BETWEEN_SAVES_MS = 2000;

/**
 * Saves to the working copy while `check --watch` runs, BETWEEN_SAVES_MS apart, and times each
 * save to the verdict printed after it; the CPU time is the watching process's (all its threads,
 * and the processes it waited for) over the same span. The first run (a cold start) and the
 * first re-check are not counted.
 */
export async function measureWatch(root: string, timing: Described, runs: number): Promise<Timing> {
  const child = spawn(process.execPath, ['cli/bin/workshop.js', 'check', '--watch'], {
    cwd: root,
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid as number;
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
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
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
  const cpu: number[] = [];
  const codes = new Set<number | null>();
  try {
    await nextVerdict();
    for (let run = 0; run <= runs; run += 1) {
      await sleep(BETWEEN_SAVES_MS);
      const verdict = nextVerdict();
      const cpuBefore = cpuMs(pid, 'with children');
      const started = performance.now();
      appendFileSync(join(root, 'workspace/src/app.ts'), `// save ${run}\n`);
      await verdict;
      const ms = performance.now() - started;
      const cpuAfter = cpuMs(pid, 'with children');
      if (run > 0) {
        samples.push(ms);
        if (cpuBefore !== undefined && cpuAfter !== undefined) cpu.push(cpuAfter - cpuBefore);
      }
      codes.add(output.slice(output.lastIndexOf('── ')).includes('passes') ? 0 : 1);
    }
  } finally {
    child.kill('SIGINT');
  }
  return { ...timing, samples, cpu, codes };
}
