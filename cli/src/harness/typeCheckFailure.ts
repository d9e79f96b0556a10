import { fileHint, noFileHint } from './fileHints.ts';
import { CheckFailure } from './report.ts';

/** The name of the type-check every step gets, as the report lists it. */
export const TYPE_CHECK_NAME = 'type-checks: no type errors in src/ and config/';

/** The file that runs it when vitest runs in a process of its own. */
export const TYPE_CHECK_FILE = 'cli/checks/types.check.ts';

/** What the report says of a type-check that did not run because a file does not parse. */
export const TYPE_CHECK_NOT_RUN = 'not run: a file does not parse; the failure shows where';

const SHOWN = 5;

/**
 * The failure the type errors make, or undefined when there are none: one report, whichever
 * way the type-check ran (in a vitest worker, or in a thread beside a warm vitest). It names
 * the hint of the rule the first error's file is about in `step`, or says plainly that none is.
 */
export function typeCheckFailure(
  errors: readonly string[],
  step?: string,
): CheckFailure | undefined {
  const [first] = errors;
  if (first === undefined) return undefined;
  const more = errors.length > SHOWN ? [`… and ${errors.length - SHOWN} more`] : [];
  // Each error reads `src/app.ts:4:9 Type 'string' is not …`.
  const where = /^(\S+?):\d+:\d+/.exec(first);
  const hint = where?.[1] === undefined ? undefined : fileHint(step, where[1]);
  return new CheckFailure({
    summary: `type error at ${first}`,
    expected: ['no type errors in src/ and config/ (your editor underlines them too)'],
    received: [...errors.slice(0, SHOWN), ...more],
    hint,
    noHint: hint === undefined ? noFileHint(step, where?.[0]) : undefined,
  });
}
