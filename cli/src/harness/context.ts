import { isAbsolute } from 'node:path';

/** The origin checks send their requests to; the check server routes it to the target. */
export const BASE_URL = 'http://conference.test';

/** What a check run is about: the project checked, and how it is reached. */
export interface CheckContext {
  /** The absolute folder of the project checked: a starter, a solution or the workspace. */
  target: string;
  /** A running server to send the requests to, instead of the target's application in-process. */
  url?: string | undefined;
  /** The step's folder name, such as `02-ping`, for pointing at its hints. */
  step?: string | undefined;
}

let current: CheckContext | undefined;

/**
 * The context of the running checks: the one set with {@link setCheckContext}, else the
 * one `WORKSHOP_TARGET`, `WORKSHOP_URL` and `WORKSHOP_STEP` describe.
 */
export function checkContext(): CheckContext {
  current ??= contextFromEnv(process.env);
  return current;
}

/** Sets the context for the checks that follow (`undefined` goes back to the environment). */
export function setCheckContext(context: CheckContext | undefined): void {
  current = context;
}

/** Reads the context from `WORKSHOP_TARGET` (required, absolute), `WORKSHOP_URL` and `WORKSHOP_STEP`. */
export function contextFromEnv(env: NodeJS.ProcessEnv): CheckContext {
  const target = env.WORKSHOP_TARGET;
  if (!target || !isAbsolute(target)) {
    throw new Error(
      `WORKSHOP_TARGET must be the absolute folder of the project to check, not "${target ?? ''}". ` +
        'Run the checks with `npm run check`, or with runChecks() from @hyperpipe/cli/harness.',
    );
  }
  return { target, url: env.WORKSHOP_URL || undefined, step: env.WORKSHOP_STEP || undefined };
}
