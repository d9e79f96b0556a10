import { availableParallelism } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { type Flags, UsageError } from '../args.ts';
import { paint } from '../terminal.ts';
import { checkWorkspace, type Verification, verifySteps } from '../workshop/checking.ts';
import { hintPlace, namedHint } from '../workshop/hints.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import { startCommand } from '../workshop/moving.ts';
import { checkMutants, loadMutants, type MutantVerdict } from '../workshop/mutants.ts';
import { nextStep, nextStepWords, readProgress } from '../workshop/progress.ts';
import { recap } from '../workshop/recap.ts';
import { checkRunJson } from './checkJson.ts';
import { type CommandContext, commandHint, type RunChecks } from './context.ts';
import { resolveStep } from './steps.ts';
import { watchStep } from './watch.ts';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function parseJobs(value: string | undefined): number {
  // A vitest run spends much of its time starting up rather than computing, so one run per
  // core (at least two, at most four) is faster than one at a time: 8.6 s against 15.4 s for
  // the 10 runs of five steps on two cores.
  if (value === undefined) return Math.min(4, Math.max(2, availableParallelism()));
  const jobs = Number(value);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new UsageError(`--jobs must be a whole number ≥ 1, not "${value}"`);
  return jobs;
}

function parseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new UsageError(
      `--url must be an http(s) URL such as http://localhost:8080, not "${value}"`,
    );
  }
  return value;
}

/**
 * `workshop check`: the current (or named, or --all) step's checks on the working copy; with
 * --solutions and/or --starters, the authors' verification that solutions pass and starters fail.
 */
export async function check(ctx: CommandContext, query: string | undefined, flags: Flags) {
  const verifying = Boolean(flags.solutions || flags.starters || flags.mutants);
  if (flags.watch && (verifying || flags.all || flags.json)) {
    throw new UsageError(
      '--watch re-checks one step on the working copy; leave out --all, --solutions, --starters, --mutants and --json.',
    );
  }
  if (flags.url && verifying)
    throw new UsageError(
      '--url checks a live server; it does not go with --solutions, --starters or --mutants.',
    );
  if (flags.jobs !== undefined && (flags.mutants || !(flags.solutions || flags.starters)))
    throw new UsageError(
      '--jobs goes with --solutions or --starters; with --mutants, a step is judged on one checker.',
    );
  if (flags.all && query !== undefined)
    throw new UsageError('Name a step or give --all, not both.');
  const url = parseUrl(flags.url);
  const steps =
    query !== undefined || (!flags.all && !verifying) ? [resolveStep(ctx, query)] : [...ctx.steps];
  if (query !== undefined && !verifying && !url) warnIfNotHeld(ctx, steps[0] as Step);
  const runChecks = await ctx.loadRunChecks();
  const targets = [
    ...(flags.solutions ? (['solution'] as const) : []),
    ...(flags.starters ? (['starter'] as const) : []),
  ];
  if (flags.mutants) {
    return verifyMutants(ctx, runChecks, steps, targets, flags.json);
  }
  if (verifying) {
    return verify(ctx, runChecks, steps, targets, parseJobs(flags.jobs), flags.json);
  }
  if (flags.watch) {
    const step = steps[0] as Step;
    return watchStep(ctx, runChecks, step, url, (checked, passed) =>
      passed ? passedMessage(ctx, checked, url) : failedMessage(ctx, checked),
    );
  }
  const p = paint(ctx.colour);
  const reports: object[] = [];
  let failures = 0;
  let cancelled = false;
  for (const step of steps) {
    if (ctx.signal.aborted) break;
    const result = await checkWorkspace(ctx.dirs, runChecks, {
      step,
      url,
      json: flags.json,
      stdio: flags.json ? 'pipe' : 'inherit',
      signal: ctx.signal,
      now: ctx.now,
    });
    // A cancelled run says nothing about the step: neither a pass nor a failure.
    if (result.aborted) {
      cancelled = true;
      break;
    }
    if (!result.passed) failures += 1;
    if (flags.json) {
      reports.push(checkRunJson(step, url ?? 'workspace', result));
    } else {
      ctx.out('');
      ctx.out(
        result.passed ? p.green(passedMessage(ctx, step, url)) : p.red(failedMessage(ctx, step)),
      );
    }
  }
  if (flags.json) ctx.out(JSON.stringify(reports, null, 2));
  if (cancelled || ctx.signal.aborted) return 130;
  return failures === 0 ? 0 : 1;
}

/** Checking another step than the one workspace/ holds is allowed, but never by surprise. */
function warnIfNotHeld(ctx: CommandContext, step: Step): void {
  const held = readProgress(ctx.dirs.stateDir).current;
  if (held === null || held === stepDir(step)) return;
  ctx.out(
    paint(ctx.colour).yellow(
      `workspace/ holds step ${held}, not ${stepDir(step)}: these are the checks of ${stepDir(step)} on it. ` +
        `To work on ${stepDir(step)}, first: ${commandHint(startCommand(ctx.dirs, ctx.steps, readProgress(ctx.dirs.stateDir), step))}`,
    ),
  );
}

function passedMessage(ctx: CommandContext, step: Step, url: string | undefined): string {
  const against = url ? ` against ${url}` : '';
  const next = nextStep(ctx.steps, readProgress(ctx.dirs.stateDir), step);
  const then = url
    ? ' (a live server does not mark a step done: run npm run check without --url for that)'
    : next
      ? ` Next: ${commandHint(`start ${next.number}`)}, ${nextStepWords(ctx.steps, step, next)}.`
      : `\n\n${recap(ctx.steps)}`;
  return `✔ Step ${stepDir(step)} passes${against}.${then}`;
}

function failedMessage(ctx: CommandContext, step: Step): string {
  const named = namedHint(ctx.dirs, step, { peek: true });
  const progress = readProgress(ctx.dirs.stateDir);
  const key = stepDir(step);
  // No failure names a hint and every hint was read: what is left is the solution.
  const allRead =
    progress.pointedHints[key] === undefined &&
    progress.hintsRead[key]?.includes(named?.number ?? 0);
  const hint = !named
    ? ''
    : allRead
      ? ` You have read all ${named.total} hints; ${commandHint(`diff ${step.number}`)} compares your files with the solution.`
      : ` Stuck? ${commandHint(`hint ${step.number}`)} shows hint ${hintPlace(named)}.`;
  return `✘ Step ${stepDir(step)} does not pass yet: the failures above say what was sent, expected and received.${hint}`;
}

async function verify(
  ctx: CommandContext,
  runChecks: Parameters<typeof verifySteps>[0],
  steps: Step[],
  targets: Array<'solution' | 'starter'>,
  jobs: number,
  json: boolean | undefined,
): Promise<number> {
  const results = await verifySteps(runChecks, steps, targets, {
    jobs,
    signal: ctx.signal,
    settled: json ? undefined : (v) => showVerification(ctx, v),
  });
  const misbehaving = results.filter((v) => !v.behaves);
  if (json) {
    ctx.out(JSON.stringify(results.map(verificationJson), null, 2));
  } else {
    ctx.out('');
    ctx.out(verificationSummary(ctx, results));
  }
  if (ctx.signal.aborted) return 130;
  return misbehaving.length === 0 ? 0 : 1;
}

/** One line for a solution or starter judged, and the checks' output when it misbehaved. */
function showVerification(ctx: CommandContext, v: Verification): void {
  const p = paint(ctx.colour);
  const did = v.result.passed ? 'passes' : 'fails';
  const must = v.target === 'solution' ? 'pass' : 'fail';
  const text = `${v.behaves ? '✔' : '✘'} ${stepDir(v.step)} ${v.target} ${did}${v.behaves ? '' : ` but must ${must}`} (${seconds(v.result.durationMs)})`;
  ctx.out(v.behaves ? p.green(text) : p.red(text));
  if (!v.behaves && v.result.output.trim() !== '') {
    const output = v.result.output.trimEnd();
    ctx.out(ctx.colour ? output : stripVTControlCharacters(output));
  }
}

function verificationSummary(ctx: CommandContext, results: readonly Verification[]): string {
  const p = paint(ctx.colour);
  const misbehaving = results.filter((v) => !v.behaves);
  const summary = `${results.length - misbehaving.length} of ${results.length} behave (solutions pass, starters fail).`;
  return misbehaving.length === 0 ? p.green(summary) : p.red(summary);
}

function verificationJson(v: Verification): object {
  return checkRunJson(v.step, v.target, v.result, { behaves: v.behaves });
}

/**
 * `check --mutants`: applies each lesson mutant of the steps to its solution and requires the
 * checks to fail with the first failure naming the mutant's hint. A step's mutants run one after
 * another on its checker kept warm, the steps one after another (two warm checkers would share
 * this process's environment, which tells each what to check). With `--solutions` and
 * `--starters`, those are judged first on the same checker.
 */
async function verifyMutants(
  ctx: CommandContext,
  runChecks: RunChecks,
  steps: Step[],
  targets: Array<'solution' | 'starter'>,
  json: boolean | undefined,
): Promise<number> {
  const p = paint(ctx.colour);
  const describe = (v: MutantVerdict) => {
    const name = `${stepDir(v.mutant.step)} mutant ${v.mutant.name}`;
    const text = v.killed
      ? `✔ ${name} fails its checks, naming hint ${v.mutant.hint} (${seconds(v.result.durationMs)})`
      : `✘ ${name}: ${v.problem} (${seconds(v.result.durationMs)})`;
    return v.killed ? p.green(text) : p.red(text);
  };
  const settled = json
    ? undefined
    : (v: MutantVerdict) => {
        ctx.out(describe(v));
        if (!v.killed) ctx.out(`  it breaks: ${v.mutant.rule}\n  by: ${v.mutant.mistake}`);
      };
  const verifications: Verification[] = [];
  const verified = (v: Verification) => {
    verifications.push(v);
    if (!json) showVerification(ctx, v);
  };
  const verdicts: MutantVerdict[] = [];
  const { typeErrorsOfEach } = await import('../harness/typecheck.ts');
  for (const step of steps) {
    if (ctx.signal.aborted) break;
    const mutants = await loadMutants(step);
    verdicts.push(
      ...(await checkMutants(runChecks, step, mutants, {
        signal: ctx.signal,
        settled,
        typeCheckEach: typeErrorsOfEach,
        targets,
        verified,
      })),
    );
  }
  const survivors = verdicts.filter((v) => !v.killed);
  const misbehaving = verifications.filter((v) => !v.behaves);
  if (json) {
    const report = verdicts.map((v) =>
      checkRunJson(v.mutant.step, `mutant ${v.mutant.name}`, v.result, {
        killed: v.killed,
        hint: v.mutant.hint,
        ...(v.problem ? { problem: v.problem } : {}),
      }),
    );
    ctx.out(JSON.stringify([...verifications.map(verificationJson), ...report], null, 2));
  } else {
    const summary = `${verdicts.length - survivors.length} of ${verdicts.length} lesson mutants fail their checks with the hint that fixes them.`;
    ctx.out('');
    if (targets.length > 0) ctx.out(verificationSummary(ctx, verifications));
    ctx.out(survivors.length === 0 ? p.green(summary) : p.red(summary));
  }
  if (ctx.signal.aborted) return 130;
  return survivors.length === 0 && misbehaving.length === 0 ? 0 : 1;
}
