import { join } from 'node:path';
import { TYPE_CHECK_FILE } from '../workshop/checksRun.ts';
import { REPO_ROOT } from '../workshop/paths.ts';
import { fileHint, noFileHint } from './fileHints.ts';
import { formatReport } from './report.ts';

/** The name of the type-check every step gets, as the report lists it. */
export const TYPE_CHECK_NAME = 'type-checks: no type errors in src/ and config/';

/** What the report says of a type-check that did not run because a file does not parse. */
export const TYPE_CHECK_NOT_RUN = 'not run: a file does not parse; the failure shows where';

const SHOWN = 5;

/**
 * The failure the type errors make, as the report words it, or undefined when there are none:
 * one report, whichever way the type-check ran (beside a vitest process, or in a thread beside
 * a warm vitest). It names the hint of the rule the first error's file is about in `step`, or
 * says plainly that none is. A text, not an Error: a vitest process runs this in its reporter,
 * where vite's stack-trace mapping fails on an Error made by a module it loaded.
 */
export function typeCheckFailure(errors: readonly string[], step?: string): string | undefined {
  const [first] = errors;
  if (first === undefined) return undefined;
  const more = errors.length > SHOWN ? [`… and ${errors.length - SHOWN} more`] : [];
  // Each error reads `src/app.ts:4:9 Type 'string' is not …`.
  const where = /^(\S+?):\d+:\d+/.exec(first);
  const hint = where?.[1] === undefined ? undefined : fileHint(step, where[1]);
  return formatReport({
    summary: `type error at ${first}`,
    expected: ['no type errors in src/ and config/ (your editor underlines them too)'],
    received: [...errors.slice(0, SHOWN), ...more],
    hint,
    noHint: hint === undefined ? noFileHint(step, where?.[0]) : undefined,
  });
}

/**
 * The type-check as the report's last check: its failure, or why it did not run (a file does
 * not parse: the checks show where), or an error of its own that stopped it.
 */
export function typeCheckChecks(
  answer: Promise<string[] | null>,
  step: string,
): Promise<{ module: string; name: string; failure: string | undefined; skipped?: string }[]> {
  const module = join(REPO_ROOT, TYPE_CHECK_FILE);
  return answer.then(
    (errors) =>
      errors === null
        ? [{ module, name: TYPE_CHECK_NAME, failure: undefined, skipped: TYPE_CHECK_NOT_RUN }]
        : [{ module, name: TYPE_CHECK_NAME, failure: typeCheckFailure(errors, step) }],
    (error: Error) => [
      { module, name: TYPE_CHECK_NAME, failure: `the type-check could not run: ${error.message}` },
    ],
  );
}
