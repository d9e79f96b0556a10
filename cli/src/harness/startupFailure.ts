/**
 * The summaries of the failures that say the target's application could not be built
 * (target.ts). Kept apart from target.ts, which loads the framework, so that the reporter can
 * tell them: beside a type error it shows such a failure in full too, since what `createApp`
 * threw may have nothing to do with the type error.
 */
export const STARTUP_FAILURE = {
  notLoaded: 'src/app.ts could not be loaded',
  noCreateApp: 'src/app.ts does not export createApp',
  threw: 'createApp() failed',
  noApplication: 'createApp() did not return an application',
} as const;

const SUMMARIES: readonly string[] = Object.values(STARTUP_FAILURE);

/** Whether a failure, as the report shows it, says the application could not be built. */
export function isStartupFailure(failure: string): boolean {
  return SUMMARIES.includes(failure.split('\n')[0] ?? '');
}
