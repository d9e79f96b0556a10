import type { TestContext } from 'vitest';

/** The checks whose prerequisite failed in them, this run of their file. */
const failed = new Set<string>();
/** The skips already raised: a prerequisite nested in another passes them on untouched. */
const skips = new WeakSet<object>();
let running: TestContext | undefined;

/** Called before each check (setup.ts): the check a prerequisite failing now belongs to. */
export function checkStarted(context: TestContext): void {
  running = context;
}

/** Called before each check file runs: its prerequisites have not failed yet. */
export function forgetPrerequisites(): void {
  failed.clear();
}

/**
 * Makes `run` the prerequisite of the check named `check`: a step of many checks (the API root
 * that every other check starts from), checked in full by that one. When it fails in that
 * check, the failure is that check's; when it then fails in a later check, that check is
 * skipped, "skipped until "…" passes", rather than failed again: one cause, one failure.
 *
 * A later check fails as usual when the named check passed (or has not run yet: declare it
 * first in its file), so that a run where a prerequisite fails never passes.
 */
export function prerequisite<Args extends unknown[], Result>(
  check: string,
  run: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await run(...args);
    } catch (error) {
      const context = running;
      if (context === undefined || skips.has(error as object)) throw error;
      if (context.task.name === check) failed.add(check);
      else if (failed.has(check)) skip(context, `skipped until "${check}" passes`);
      throw error;
    }
  };
}

function skip(context: TestContext, note: string): never {
  try {
    context.skip(note);
  } catch (pending) {
    // vitest's way of ending a check as skipped: an error it recognizes, thrown by skip().
    skips.add(pending as object);
    throw pending;
  }
}
