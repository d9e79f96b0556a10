import { Box, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import wrapAnsi from 'wrap-ansi';
import { isDone, type StepState } from '../workshop/progress.ts';
import { wrapHanging } from '../wrapHanging.ts';
import { type AppState, modeOf } from './appState.ts';
import {
  BUSY_KEYS,
  type HelpItem,
  helpItems,
  helpLines,
  QUESTION_KEYS,
  README_KEYS,
  STEPS_KEYS,
} from './keys.ts';
import { readmeHeight, stepsLayout } from './layout.ts';
import {
  Busy,
  Header,
  KeyHelp,
  Question,
  ReadmeWindow,
  readmePosition,
  StepList,
} from './views.ts';

/** What the live part shows besides the app's state. */
export interface LiveProps {
  state: AppState;
  states: readonly StepState[];
  /** The step in workspace/ (`01-hello`), if any. */
  workingStep: string | undefined;
  rows: number;
  columns: number;
}

/** A README's lines as the window shows them: one row each at this width. */
export function readmeLines(text: string, columns: number): string[] {
  return wrapHanging(text, columns).split('\n');
}

/**
 * The part of the screen Ink redraws: a README from its top while one is open, else the
 * header, the steps, a status line and the keys of the mode, laid out for the terminal's size.
 */
export function LivePart(props: LiveProps): ReactElement {
  return props.state.readme ? readmeView(props) : stepsView(props);
}

function readmeView(props: LiveProps): ReactElement {
  const { state, rows, columns } = props;
  const readme = state.readme as NonNullable<AppState['readme']>;
  const lines = readmeLines(readme.text, columns);
  const height = readmeHeight(rows);
  const busy = statusLine(state);
  const position = readmePosition(readme.top, height, lines.length);
  // One row: the keys that fit beside the position.
  const help = helpLines(helpItems(README_KEYS), columns - position.length - 2)[0] ?? [];
  const footer =
    busy ??
    h(
      Box,
      { justifyContent: 'space-between', width: columns },
      h(KeyHelp, { lines: [help] }),
      h(Text, { dimColor: true }, position),
    );
  return h(ReadmeWindow, { lines, top: readme.top, height, footer });
}

function stepsView(props: LiveProps): ReactElement {
  const { state, states, workingStep, rows, columns } = props;
  const help = (named: boolean) =>
    helpLines(modeHelp(state, named ? workingStep : undefined), columns);
  const named = help(true);
  const plain = help(false);
  const failure = failureRows(state, workingStep, columns);
  const layout = stepsLayout({
    rows,
    steps: states.length,
    statusRows: Math.max(1, failure?.length ?? 0),
    keyRows: { spacious: named.length, compact: plain.length },
  });
  const gap = layout.spacious ? 1 : 0;
  const done = states.filter(isDone).length;
  const status =
    statusLine(state) ??
    (failure
      ? h(Text, { color: 'red' }, failure.join('\n'))
      : state.serving
        ? h(Text, { color: 'cyan' }, '● serving workspace/ — v stops it')
        : h(Text, { dimColor: true }, workspaceLine(workingStep, layout.spacious)));
  return h(
    Box,
    { flexDirection: 'column', marginTop: 1 },
    h(Header, { done, total: states.length, width: columns }),
    h(
      Box,
      { marginTop: gap },
      h(StepList, { states, selected: state.selected, height: layout.listHeight }),
    ),
    h(Box, { marginTop: gap }, state.quitting ? h(Text, null, '') : status),
    h(KeyHelp, { lines: layout.spacious ? named : plain }),
  );
}

/** The keys of the mode the app is in, for the help. */
function modeHelp(state: AppState, workingStep: string | undefined): HelpItem[] {
  const mode = modeOf(state);
  if (mode === 'question') return helpItems(QUESTION_KEYS);
  if (mode === 'busy') return helpItems(BUSY_KEYS);
  if (mode === 'quitting') return [];
  return helpItems(STEPS_KEYS, { serving: state.serving, workingStep });
}

/** A question or a running action, which take the status line wherever it is. */
function statusLine(state: AppState): ReactElement | null {
  if (state.quitting) return null;
  if (state.question !== null) return h(Question, { question: state.question });
  if (state.task)
    return h(Busy, {
      label: state.task.label,
      seconds: Math.floor((Date.now() - state.task.startedAt) / 1000),
    });
  return null;
}

/**
 * The last failure of the step in workspace/, in at most two rows: the report above may be
 * too long for the terminal, and its first failure scrolled out of view.
 */
function failureRows(
  state: AppState,
  workingStep: string | undefined,
  columns: number,
): string[] | null {
  const { failure } = state;
  if (!failure?.summary || failure.step !== workingStep) return null;
  const rows = wrapAnsi(`✘ ${failure.summary}`, columns, { hard: true }).split('\n');
  if (rows.length <= 2) return rows;
  const second = rows[1] as string;
  return [rows[0] as string, `${second.slice(0, Math.max(0, columns - 1))}…`];
}

/** Which step the keys c, h, d and i act on; said here when the compact help does not. */
function workspaceLine(workingStep: string | undefined, spacious: boolean): string {
  if (!workingStep) return 'workspace/ is empty';
  if (spacious) return `workspace/ is ${workingStep}`;
  const keys = STEPS_KEYS.filter((binding) => binding.onWorkingStep).map((b) => b.keys[0]);
  return `workspace/ is ${workingStep}: ${keys.join(' ')} act on it`;
}
