import type { ReadmeAction } from './keys.ts';

/**
 * The app's state and how each event changes it: a pure function, tested without Ink. The
 * component does the work (files, checks, the server) and reports it here as events.
 */

/** A block of text printed once above the live part (through <Static>), never redrawn. */
export interface LogEntry {
  id: number;
  text: string;
  color?: string | undefined;
}

export interface LogLine {
  text: string;
  color?: string | undefined;
}

/**
 * A README on screen, rendered for the terminal, shown from line `top` (its first is 0). The
 * component wraps it to the width, which a resize changes: scrolling is told the line count.
 */
export interface ReadmeView {
  text: string;
  top: number;
  /** Said once the learner leaves the README: what to do next. */
  afterward?: LogLine | undefined;
}

/** The last failed check of the step in workspace/, kept in view under the report. */
export interface Failure {
  step: string;
  /** The first line of the failure the report shows in full. */
  summary: string | undefined;
  /** The hint that failure names. */
  hint: number | undefined;
}

export interface AppState {
  stepCount: number;
  selected: number;
  logs: readonly LogEntry[];
  question: string | null;
  task: { label: string; startedAt: number } | null;
  serving: boolean;
  quitting: boolean;
  readme: ReadmeView | null;
  failure: Failure | null;
}

export type AppEvent =
  | { type: 'move'; by: number }
  | { type: 'select'; index: number }
  | ({ type: 'log' } & LogLine)
  | { type: 'asked'; question: string }
  | { type: 'answered' }
  | { type: 'taskStarted'; label: string; startedAt: number }
  | { type: 'taskEnded' }
  | { type: 'serving'; serving: boolean }
  | { type: 'quit' }
  | { type: 'readmeOpened'; text: string; afterward?: LogLine | undefined }
  | { type: 'scrolled'; how: Exclude<ReadmeAction, 'close'>; height: number; lines: number }
  | { type: 'readmeClosed' }
  | { type: 'checked'; failure: Failure | null };

/** Which keys apply, the first that holds: a question waits for its answer above all. */
export type Mode = 'quitting' | 'question' | 'busy' | 'readme' | 'steps';

export function modeOf(state: AppState): Mode {
  if (state.quitting) return 'quitting';
  if (state.question !== null) return 'question';
  if (state.task !== null) return 'busy';
  if (state.readme !== null) return 'readme';
  return 'steps';
}

export function initialState(stepCount: number, selected: number, welcome: LogLine): AppState {
  return {
    stepCount,
    selected,
    logs: [{ id: 0, ...welcome }],
    question: null,
    task: null,
    serving: false,
    quitting: false,
    readme: null,
    failure: null,
  };
}

export function reduce(state: AppState, event: AppEvent): AppState {
  switch (event.type) {
    case 'move':
      return { ...state, selected: clamp(state.selected + event.by, 0, state.stepCount - 1) };
    case 'select':
      return { ...state, selected: clamp(event.index, 0, state.stepCount - 1) };
    case 'log':
      return log(state, { text: event.text, color: event.color });
    case 'asked':
      return { ...state, question: event.question };
    case 'answered':
      return { ...state, question: null };
    case 'taskStarted':
      return { ...state, task: { label: event.label, startedAt: event.startedAt } };
    case 'taskEnded':
      return { ...state, task: null };
    case 'serving':
      return { ...state, serving: event.serving };
    case 'quit':
      return { ...state, quitting: true };
    case 'readmeOpened':
      // Always from its first line: the title is what the learner reads first.
      return { ...state, readme: { text: event.text, top: 0, afterward: event.afterward } };
    case 'scrolled':
      return state.readme ? { ...state, readme: scroll(state.readme, event) } : state;
    case 'readmeClosed': {
      const afterward = state.readme?.afterward;
      const closed = { ...state, readme: null };
      return afterward ? log(closed, afterward) : closed;
    }
    case 'checked':
      return { ...state, failure: event.failure };
  }
}

function log(state: AppState, line: LogLine): AppState {
  const id = (state.logs.at(-1)?.id ?? -1) + 1;
  return { ...state, logs: [...state.logs, { id, ...line }] };
}

/** Moves the window of `height` rows, never above the first line nor past the last. */
function scroll(
  readme: ReadmeView,
  event: { how: Exclude<ReadmeAction, 'close'>; height: number; lines: number },
): ReadmeView {
  const page = Math.max(1, event.height - 1);
  const by = {
    lineUp: -1,
    lineDown: 1,
    pageUp: -page,
    pageDown: page,
    top: -event.lines,
    bottom: event.lines,
  }[event.how];
  const last = Math.max(0, event.lines - event.height);
  return { ...readme, top: clamp(readme.top + by, 0, last) };
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}
