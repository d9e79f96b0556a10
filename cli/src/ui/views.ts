import { Box, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import type { StepState } from '../workshop/progress.ts';
import type { HelpItem } from './keys.ts';
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
  // The "more" lines need two rows of their own; below three rows, the steps get them all.
  const counted = !fits && props.height >= 3;
  const height = fits ? states.length : counted ? props.height - 2 : Math.max(1, props.height);
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
    counted ? more(first > 0 ? `↑ ${first} more` : '') : null,
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
    counted
      ? more(first + height < states.length ? `↓ ${states.length - first - height} more` : '')
      : null,
  );
}

/** Key help, line by line as {@link helpLines} packed it: each key bold, what it does dim. */
export function KeyHelp(props: { lines: readonly (readonly HelpItem[])[] }): ReactElement {
  return h(
    Box,
    { flexDirection: 'column' },
    ...props.lines.map((items, line) =>
      h(
        Text,
        { key: line, wrap: 'truncate-end' },
        ...items.map((item, index) =>
          h(
            Text,
            { key: item.keys },
            index > 0 ? '  ' : '',
            h(Text, { bold: true }, item.keys),
            h(Text, { dimColor: true }, ` ${item.text}`),
          ),
        ),
      ),
    ),
  );
}

/**
 * A window of a README's lines, `height` rows from line `top`, and under it the keys and
 * where the window is. Each line is one row (the text is wrapped to the width before).
 */
export function ReadmeWindow(props: {
  lines: readonly string[];
  top: number;
  height: number;
  footer: ReactElement;
}): ReactElement {
  const { lines, top, height } = props;
  const shown = lines.slice(top, top + height);
  return h(
    Box,
    { flexDirection: 'column' },
    // An empty Text takes no row in Ink: a blank line is a space.
    ...shown.map((line, offset) =>
      h(Text, { key: top + offset, wrap: 'truncate-end' }, line === '' ? ' ' : line),
    ),
    props.footer,
  );
}

/** Where a README's window is: `1–22 of 84`, all of it when it fits. */
export function readmePosition(top: number, height: number, total: number): string {
  const last = Math.min(total, top + height);
  return last - top >= total ? `all ${total} lines` : `${top + 1}–${last} of ${total}`;
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
  return h(Text, null, h(Text, { color: 'yellow' }, '… '), `${props.label} ${props.seconds}s`);
}
