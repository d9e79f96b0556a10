import { Box, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import type { StepState } from '../workshop/progress.ts';
import { MARKS, percent, progressBar } from './marks.ts';

// The views are written with createElement (as h) rather than JSX, so the repository's
// TypeScript configuration needs no JSX settings for one folder.

export function Header(props: { done: number; total: number; width: number }): ReactElement {
  const { done, total } = props;
  // The title, the percentage, the count and the gaps take 39 columns; the bar gets what is
  // left, up to 40, and is left out rather than wrap the header onto a second line.
  const barWidth = Math.min(40, props.width - 40);
  return h(
    Box,
    { gap: 2 },
    h(Text, { bold: true }, 'Hyperpipe workshop'),
    h(
      Text,
      null,
      barWidth >= 5 ? h(Text, { color: 'green' }, `${progressBar(done, total, barWidth)} `) : '',
      percent(done, total),
    ),
    h(Text, { dimColor: true }, `${done} of ${total} done`),
  );
}

const STATUS_COLOURS = {
  done: 'green',
  given: 'yellow',
  current: 'cyan',
  pending: 'gray',
} as const;

/**
 * The steps with their marks, in at most `height` rows (counting the "more" lines), scrolled to
 * keep the selection in view, one row per step however narrow the terminal. The live part of
 * the screen must stay shorter than the terminal, or Ink clears and redraws all of it.
 */
export function StepList(props: {
  states: readonly StepState[];
  selected: number;
  height: number;
}) {
  const { states, selected } = props;
  const fits = states.length <= props.height;
  const height = fits ? states.length : Math.max(1, props.height - 2);
  const first = Math.min(
    Math.max(0, selected - Math.floor(height / 2)),
    Math.max(0, states.length - height),
  );
  const visible = states.slice(first, first + height);
  const slugWidth = Math.max(0, ...states.map((state) => state.step.slug.length));
  const more = (text: string) => h(Text, { dimColor: true }, `  ${text}`);
  return h(
    Box,
    { flexDirection: 'column' },
    fits ? null : more(first > 0 ? `↑ ${first} more` : ''),
    ...visible.map((state, offset) => {
      const isSelected = first + offset === selected;
      const { step, status, current } = state;
      return h(
        Text,
        { key: step.number, wrap: 'truncate-end' },
        h(Text, { color: 'cyan' }, isSelected ? '❯ ' : '  '),
        h(Text, { color: STATUS_COLOURS[status] }, `${MARKS[status]} `),
        h(
          Text,
          { bold: isSelected },
          `${step.number}  ${step.slug.padEnd(slugWidth)}  ${step.title}`,
        ),
        current ? h(Text, { color: 'cyan' }, '  (current)') : null,
      );
    }),
    fits
      ? null
      : more(first + height < states.length ? `↓ ${states.length - first - height} more` : ''),
  );
}

export const KEYS: ReadonlyArray<[string, string]> = [
  ['↑↓', 'select'],
  ['enter', 'start'],
  ['c', 'check'],
  ['h', 'hint'],
  ['d', 'diff'],
  ['i', 'readme'],
  ['o', 'solution'],
  ['v', 'serve'],
  ['r', 'reset'],
  ['q', 'quit'],
];

/** The keys that act on the current step (the one in workspace/) when there is one. */
export const CURRENT_STEP_KEYS: readonly string[] = ['c', 'h', 'd', 'i'];

export function KeyHelp(props: { serving: boolean; current?: string | undefined }): ReactElement {
  const describe = (key: string, what: string) => {
    if (key === 'v' && props.serving) return 'stop serving';
    if (props.current && CURRENT_STEP_KEYS.includes(key)) return `${what} ${props.current}`;
    return what;
  };
  return h(
    Box,
    { flexWrap: 'wrap', columnGap: 2 },
    ...KEYS.map(([key, what]) =>
      h(
        Text,
        { key },
        h(Text, { bold: true }, key),
        h(Text, { dimColor: true }, ` ${describe(key, what)}`),
      ),
    ),
  );
}

export function Question(props: { question: string }): ReactElement {
  return h(
    Text,
    null,
    h(Text, { color: 'yellow' }, '? '),
    props.question,
    h(Text, { dimColor: true }, ' (y/N)'),
  );
}

export function Busy(props: { label: string; seconds: number }): ReactElement {
  return h(
    Text,
    null,
    h(Text, { color: 'yellow' }, '… '),
    `${props.label} ${props.seconds}s`,
    h(Text, { dimColor: true }, '  (esc cancels)'),
  );
}
