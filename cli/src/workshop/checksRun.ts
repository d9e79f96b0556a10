import type { Step } from './manifest.ts';
import type { TargetKind } from './targets.ts';

/**
 * A run of a step's checks, as the workshop asks for one and reads its outcome. The check
 * harness (cli/src/harness) does the running; the commands, the app and the workshop's own
 * checking hold only this contract, so they read and test without loading vitest.
 */
export type RunChecks = (options: RunChecksOptions) => Promise<ChecksRun>;

/** What a run of checks is asked. */
export interface RunChecksOptions {
  /** The step: its manifest entry, or its number, slug or folder name. */
  step: Step | string;
  /** What to check: `workspace`, `starter` or `solution`, or a project folder. */
  target: TargetKind | string;
  /** Check this running server instead of the target's application in-process. */
  url?: string | undefined;
  /** Also report each check's result, from vitest's JSON reporter. */
  json?: boolean | undefined;
  /**
   * Keep the checker running for the next run of the same step on the same target (the app's
   * `c`, `check --watch`). Only the harness's warm runner keeps one; a vitest process ignores it.
   */
  warm?: boolean | undefined;
  /** `inherit` also shows vitest's output on this process's terminal as it comes. */
  stdio?: 'pipe' | 'inherit' | undefined;
  /** Colour the output; by default, when it is shown on a terminal that wants colour. */
  colour?: boolean | undefined;
  /** Receives vitest's output as it comes. */
  onOutput?: ((chunk: string) => void) | undefined;
  /** Stops the checks: vitest gets SIGTERM, then SIGKILL two seconds later. */
  signal?: AbortSignal | undefined;
  /**
   * The type-check's answer when the caller already has it (`check --mutants` type-checks all
   * of a step's mutants in one run of the compiler): its type errors, or `null` when a file
   * does not parse. Only the warm runner takes it; a vitest process type-checks by itself.
   */
  typeErrors?: Promise<string[] | null> | undefined;
}

/**
 * The file the type-check every step gets is reported under, in {@link CheckResult.file}: it
 * runs beside vitest (the native compiler, or TypeScript's builder kept warm), not as a check
 * file of its own.
 */
export const TYPE_CHECK_FILE = 'cli/src/harness/typecheck.ts';

/** One check of a run. */
export interface CheckResult {
  /** The check file, relative to the repository root. */
  file: string;
  /** The check's name, with its describe blocks: `ping > GET /ping answers …`. */
  name: string;
  /** How it went. */
  status: 'passed' | 'failed' | 'skipped';
  /** How long it took. */
  durationMs: number;
  /** The failure message, when it failed. */
  failure?: string | undefined;
}

/** The outcome of a run of checks. */
export interface ChecksRun {
  /** Whether every check passed (and the run was not aborted). */
  passed: boolean;
  /** vitest's exit code; 1 when it was killed. */
  exitCode: number;
  /** vitest's output, stdout and stderr interleaved. */
  output: string;
  /** How long the run took, start to exit. */
  durationMs: number;
  /** Whether `signal` stopped the run. */
  aborted: boolean;
  /** The hint the first failure names (the one shown in full): what `h` and `hint` show next. */
  hint?: number | undefined;
  /** Each check, with `json`. A file that could not run at all counts as one failed check. */
  checks?: CheckResult[] | undefined;
}
