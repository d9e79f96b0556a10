/**
 * The workshop command's own timings, as a learner and an author feel them:
 *
 *   - for every step (or those BENCH_WORKSHOP_STEPS names, such as `01,12`), with its solution
 *     as the learner's files:
 *       - `npm run check` (target ≤ 1.5 s): from pressing enter to the verdict, with the
 *         type-check of the learner's files that every check run includes;
 *       - a warm re-check (target ≤ 400 ms): `npm run check -- --watch` running, from saving a
 *         file to the verdict on screen; the app's `c` runs the same warm checker;
 *   - `workshop list` without a terminal (target ≤ 300 ms), through the bin launcher, and
 *     through `npm run workshop -- list` for comparison (npm adds its own start-up);
 *   - step 01's check through the bin alone, through vitest alone, and its type-check alone:
 *     what npm, the command and the harness each add;
 *   - the authors' verification, `workshop check --solutions --starters` over every step.
 *
 * Each timing is a median with its range, of wall time and of CPU time (on a shared machine the
 * CPU time is the steadier figure). Everything runs in a temporary copy of the repository, so
 * the real workspace/ and .workshop/ are never touched.
 *
 * Usage: `npm run bench -- --workshop` (or `tsx bench/workshop/run.ts`). Settings:
 *   BENCH_WORKSHOP_STEPS       the steps of the per-step table, `01,12`; all by default
 *   BENCH_WORKSHOP_COLD_RUNS   `npm run check` runs per step, 3 by default
 *   BENCH_WORKSHOP_WARM_RUNS   saves timed per step under `check --watch`, 4 by default
 *   BENCH_WORKSHOP_RUNS        runs of each other row, 5 by default (the verification: at most 3)
 * With the defaults the whole run takes about seven minutes on two cores: each step costs four
 * cold runs (the first not counted) and, after the run that starts `--watch`, five saves 2 s
 * apart (the first not counted); the verification about two of the seven minutes.
 */
import { rmSync } from 'node:fs';
import { describeMachine } from '../machine.ts';
import { median } from '../stats.ts';
import { markdownTable, verdict } from '../table.ts';
import { copyRepository, selectedSteps, solve } from './copy.ts';
import { measure, measureWatch, type Timing } from './measure.ts';

const RUNS = Number(process.env.BENCH_WORKSHOP_RUNS ?? 5);
const COLD_RUNS = Number(process.env.BENCH_WORKSHOP_COLD_RUNS ?? 3);
const WARM_RUNS = Number(process.env.BENCH_WORKSHOP_WARM_RUNS ?? 4);
const STEPS = selectedSteps(process.env.BENCH_WORKSHOP_STEPS);
const COLD_TARGET_MS = 1500;
const WARM_TARGET_MS = 400;

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const range = (values: number[]) =>
  values.length === 0
    ? ''
    : `${ms(Math.min(...values)).replace(' ms', '')}–${ms(Math.max(...values))}`;
const cpuMedian = (timing: Timing) => (timing.cpu.length > 0 ? ms(median(timing.cpu)) : '');
const targetCell = (timing: Timing) =>
  timing.targetMs === undefined
    ? ''
    : `≤ ${timing.targetMs} ms: ${verdict(median(timing.samples) <= timing.targetMs)}`;

/** One step's two timings, its solution in the copy's working copy. */
async function timeStep(root: string, step: string): Promise<{ cold: Timing; warm: Timing }> {
  solve(root, step);
  const cold = measure(
    root,
    { name: `npm run check, step ${step}`, command: 'npm run check', targetMs: COLD_TARGET_MS },
    ['npm', 'run', '--silent', 'check'],
    COLD_RUNS,
  );
  const warm = await measureWatch(
    root,
    {
      name: `warm re-check, step ${step}`,
      command: 'npm run check -- --watch, then a save',
      targetMs: WARM_TARGET_MS,
    },
    WARM_RUNS,
  );
  return { cold, warm };
}

/** The rows that are not per step: the list, step 01's pieces, the verification. */
function otherTimings(root: string): Timing[] {
  const workshop = [process.execPath, 'cli/bin/workshop.js'];
  solve(root, '01');
  return [
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
      { name: 'workshop check (bin, step 01)', command: 'node cli/bin/workshop.js check' },
      [...workshop, 'check'],
      RUNS,
    ),
    // What the harness costs on its own, without npm or the command around it.
    measure(
      root,
      {
        name: 'vitest alone, step 01 checks',
        command: 'vitest run --config cli/vitest.checks.config.ts exercises/01-hello/',
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
}

const root = copyRepository();
try {
  console.log(`# Workshop command timings, ${new Date().toISOString()}\n`);
  console.log(describeMachine());
  console.log(
    `\nPer step: ${COLD_RUNS} cold runs, ${WARM_RUNS} warm re-checks (BENCH_WORKSHOP_STEPS=${STEPS.join(',')})\n`,
  );
  const perStep: { step: string; cold: Timing; warm: Timing }[] = [];
  for (const step of STEPS) {
    const { cold, warm } = await timeStep(root, step);
    perStep.push({ step, cold, warm });
    // A line as each step ends: the whole table comes only after a few minutes.
    console.log(
      `step ${step}: cold ${ms(median(cold.samples))} (CPU ${cpuMedian(cold)}), ` +
        `warm ${ms(median(warm.samples))} (CPU ${cpuMedian(warm)})`,
    );
  }
  const others = otherTimings(root);
  const passing = (timing: Timing) =>
    [...timing.codes].every((code) => code === 0) ? '' : ` (exit ${[...timing.codes].join(',')})`;
  console.log('\n## Every step, its solution checked\n');
  console.log(
    markdownTable(
      ['step', 'cold: median', 'range', 'CPU', 'target', 'warm: median', 'range', 'CPU', 'target'],
      perStep.map(({ step, cold, warm }) => [
        step,
        `${ms(median(cold.samples))}${passing(cold)}`,
        range(cold.samples),
        cpuMedian(cold),
        targetCell(cold),
        `${ms(median(warm.samples))}${passing(warm)}`,
        range(warm.samples),
        cpuMedian(warm),
        targetCell(warm),
      ]),
    ),
  );
  console.log(
    '\ncold: `npm run check`, start to exit; warm: a save to the verdict under ' +
      '`npm run check -- --watch`; CPU: the median CPU time of the same runs (the command and ' +
      'the processes it waited for; warm: the watching process over the same span).',
  );
  console.log('\n## The command around the checks\n');
  console.log(
    markdownTable(
      ['what', 'median', 'range', 'CPU', 'runs', 'exit', 'target'],
      others.map((t) => [
        t.name,
        ms(median(t.samples)),
        range(t.samples),
        cpuMedian(t),
        String(t.samples.length),
        [...t.codes].join(','),
        targetCell(t),
      ]),
    ),
  );
  console.log('\nCommands, in the copy:');
  for (const t of others) console.log(`  ${t.name}: ${t.command}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
