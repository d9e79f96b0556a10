import type { ChecksRun, RunChecks } from '../workshop/checksRun.ts';
import type { WorkshopDirs } from '../workshop/dirs.ts';
import type { Step } from '../workshop/manifest.ts';
import type { Confirm } from '../workshop/scaffold.ts';

export type { ChecksRun, RunChecks };

/**
 * Everything a command needs from the outside world, passed in so tests can give temporary
 * folders, fake checks and captured output.
 */
export interface CommandContext {
  dirs: WorkshopDirs;
  steps: readonly Step[];
  /** Prints a line (or several) to stdout. */
  out(text: string): void;
  /** Prints a line (or several) to stderr. */
  err(text: string): void;
  colour: boolean;
  /** Whether links may be OSC 8 hyperlinks (clickable). */
  hyperlinks: boolean;
  /** The terminal's width, to wrap text to; 0 when stdout is not a terminal. */
  width: number;
  /** Asks yes/no at the terminal; undefined without one, so changes need --force. */
  confirm: Confirm | undefined;
  /** The check harness, loaded only by the commands that run checks. */
  loadRunChecks(): Promise<RunChecks>;
  /** Aborted on Ctrl-C and SIGTERM: every child process listens to it. */
  signal: AbortSignal;
  now(): Date;
}

/** How a learner runs a subcommand from the repository root. */
export function commandHint(command: string): string {
  return `npm run workshop -- ${command}`;
}
