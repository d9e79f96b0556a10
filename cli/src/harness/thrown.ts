import { relative, sep } from 'node:path';
import type { Application, ErrorMiddlewareFunction } from 'hyperpipe';

/**
 * What the learner's application threw while answering the last request, if anything.
 *
 * A 500 alone says nothing: the learner's own error middleware (step 04 on) turns any error
 * into `{"status":500,"error":"Internal Server Error"}` and tells no one. So every application
 * the checks build gets a recorder, piped as error middleware right after routing and dispatch
 * (priority 1, added last): whatever the handlers or the middleware before them throw passes
 * through it first, is remembered, and goes on to the learner's error middleware unchanged.
 */
let lastThrown: unknown;

/** The recorder's name, as a pipeline trace shows it; failure reports leave it out. */
export const THROWN_RECORDER = 'the checks: thrown-error recorder';

const recorder: ErrorMiddlewareFunction = (error, _request, _response, next) => {
  lastThrown = error;
  return next();
};
Object.defineProperty(recorder, 'name', { value: THROWN_RECORDER });

const recording = new WeakSet<Application>();

/** Pipes the recorder into an application the checks built (once, however often asked). */
export function recordThrown(app: Application): Application {
  // A hand-made `{ handle }` stands in for an application in some projects: nothing to pipe into.
  if (typeof app?.pipe !== 'function' || recording.has(app)) return app;
  app.pipe('/', recorder, { error: true, priority: 1 });
  recording.add(app);
  return app;
}

let handlerHints: Readonly<Record<string, number>> = {};

/**
 * Names, for the checks of this file, the hint that fixes each of the learner's files, such as
 * `{ 'src/speaker/SpeakerEntityHandler.ts': 4 }`: a check that gets a 500 whatever it was
 * about then names the hint of the file that threw, rather than its own.
 */
export function setHandlerHints(hints: Readonly<Record<string, number>>): void {
  handlerHints = hints;
}

/** The hint of the learner's file an error was thrown in, if {@link setHandlerHints} names it. */
export function thrownHint(error: unknown, target: string): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const frame = firstFrameIn(error.stack ?? '', target);
  const file = frame
    ?.replace(/:\d+:\d+$/, '')
    .split(sep)
    .join('/');
  return file === undefined ? undefined : handlerHints[file];
}

/** Forgets what was thrown, before a request is sent. */
export function forgetThrown(): void {
  lastThrown = undefined;
}

/** The last answer of the running check that was a crash: what was asked, and what was thrown. */
let lastCrash: { request: string; error: unknown } | undefined;

/**
 * Remembers a crash (a 5xx answer with an error thrown) for the rest of the running check: a
 * failure that shows no answer of its own (a helper that found nothing in a crashed list)
 * still says what was thrown.
 */
export function noteCrash(request: string, error: unknown): void {
  lastCrash = { request, error };
}

/** Forgets the last crash: a new check begins. */
export function forgetCrash(): void {
  lastCrash = undefined;
}

/** The crash remembered by {@link noteCrash}, if any. */
export function lastCrashOfCheck(): { request: string; error: unknown } | undefined {
  return lastCrash;
}

/** What was thrown since {@link forgetThrown}, if anything. */
export function takeThrown(): unknown {
  const error = lastThrown;
  lastThrown = undefined;
  return error;
}

/**
 * An error as a report shows it: its name and message, then where it was thrown, as the first
 * stack frame in the learner's files (`src/timezone/TimezoneHandler.ts:19:47`), since that is
 * the line to open; the framework's frames below it rarely help.
 */
export function describeThrown(error: unknown, target: string): string[] {
  if (!(error instanceof Error)) return [`threw ${String(error)}`];
  const lines = [`${error.name}: ${error.message}`];
  const frame = firstFrameIn(error.stack ?? '', target);
  if (frame) lines.push(`at ${frame}`);
  return lines;
}

/** The first `file:line:column` of a stack that lies in `folder` (outside node_modules). */
export function firstFrameIn(stack: string, folder: string): string | undefined {
  const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
  for (const line of stack.split('\n')) {
    const location = /\(?((?:file:\/\/\/?)?(?:[A-Za-z]:)?[\\/][^()\s]+):(\d+):(\d+)\)?$/.exec(
      line.trim(),
    );
    if (!location) continue;
    const file = (location[1] as string).replace(/^file:\/\/(?=\/)|^file:\/\/\//, '');
    if (!file.startsWith(prefix) || file.includes(`${sep}node_modules${sep}`)) continue;
    return `${relative(folder, file)}:${location[2]}:${location[3]}`;
  }
  return undefined;
}
