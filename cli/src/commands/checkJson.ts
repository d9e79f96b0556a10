import { stripVTControlCharacters } from 'node:util';
import { type Step, stepDir } from '../workshop/manifest.ts';
import type { ChecksRun } from './context.ts';

/**
 * One run of a step's checks, as every `check … --json` prints it: `check --json` (one per
 * step), `--solutions` / `--starters` (one per target) and `--mutants` (one per mutant) all
 * print an array of these. The README's "JSON for scripts" section documents it.
 */
export interface CheckRunJson {
  /** The step's folder name, such as `02-ping`. */
  step: string;
  /** What was checked: `workspace`, a `--url`, `solution`, `starter` or `mutant <name>`. */
  target: string;
  /** Whether every check passed. */
  passed: boolean;
  /** How long the run took, in milliseconds. */
  durationMs: number;
  /** Verification only: whether the target did what it must (a solution passes, a starter fails). */
  behaves?: boolean;
  /** Mutants only: whether the checks failed, naming the mutant's hint. */
  killed?: boolean;
  /**
   * The hint the first failure names; for a mutant, the hint that fixes it; `null` when none
   * does (the checks passed, or the failure names no hint), so the key is always there.
   */
  hint: number | null;
  /** Mutants only: why the mutant was not killed. */
  problem?: string;
  /** Each check: its file, name, status, duration and failure report. */
  checks: CheckJson[];
  /** The text the checks printed, without colours. */
  output: string;
}

/** One check of a {@link CheckRunJson}. */
export interface CheckJson {
  /** The check file, relative to the repository root. */
  file: string;
  /** The check's name. */
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  /** The failure report, as the terminal shows it, without the stack trace. */
  failure?: string;
}

type Extra = Pick<CheckRunJson, 'behaves' | 'killed' | 'problem'> & { hint?: number };

/** The JSON of one run; `extra` holds what verification or mutants add. */
export function checkRunJson(
  step: Step,
  target: string,
  result: ChecksRun,
  extra: Extra = {},
): CheckRunJson {
  const { hint, ...added } = extra;
  return {
    step: stepDir(step),
    target,
    passed: result.passed,
    durationMs: Math.round(result.durationMs),
    ...withoutUndefined(added),
    hint: hint ?? result.hint ?? null,
    checks: (result.checks ?? []).map((check) => ({
      file: check.file,
      name: check.name,
      status: check.status,
      durationMs: check.durationMs,
      ...(check.failure === undefined ? {} : { failure: withoutStack(check.failure) }),
    })),
    // Scripts want the text, not a terminal's colours.
    output: stripVTControlCharacters(result.output),
  };
}

/**
 * A failure message without the stack vitest appends: its frames name the harness and, for
 * mutants and starters, copies that no longer exist once the run is over.
 */
function withoutStack(message: string): string {
  return stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join('\n')
    .trimEnd();
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}
