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
 * way the type-check ran (in a vitest worker, or in a thread beside a warm vitest).
 */
export function typeCheckFailure(errors: readonly string[]): CheckFailure | undefined {
  if (errors.length === 0) return undefined;
  const more = errors.length > SHOWN ? [`… and ${errors.length - SHOWN} more`] : [];
  return new CheckFailure({
    summary: `type error at ${errors[0]}`,
    expected: ['no type errors in src/ and config/ (your editor underlines them too)'],
    received: [...errors.slice(0, SHOWN), ...more],
  });
}
