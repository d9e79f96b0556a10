/**
 * The title the reporter gives the failure it shows in full. Those who read the report back
 * (the hint it names, the app's summary) find that failure by it; kept apart so that they
 * need not import the reporter, which imports them.
 */
export const FIRST_FAILURE_TITLE = 'The first failure';
