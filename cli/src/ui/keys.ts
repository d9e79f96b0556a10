import type { Key } from 'ink';

/**
 * The app's keys, one table per mode. The input handler looks keys up here and the key help
 * is drawn from here, so the help cannot name a key that does something else.
 */
export interface KeyBinding<Action extends string> {
  /** The keys, named as the help shows them: `↑`, `enter`, `esc`, `PgDn`, `c`. */
  keys: readonly string[];
  /** What the help says it does. Neighbours saying the same are shown as one: `↑↓ select`. */
  help: string;
  action: Action;
  /** Acts on the step in workspace/, whichever is selected: the help names that step. */
  onWorkingStep?: boolean;
  /** What the help says instead while a server runs. */
  whileServing?: string;
}

export type StepsAction =
  | 'up'
  | 'down'
  | 'open'
  | 'start'
  | 'check'
  | 'hint'
  | 'nextHint'
  | 'diff'
  | 'readme'
  | 'solution'
  | 'serve'
  | 'reset'
  | 'quit';

/** The step list: the app's home. */
export const STEPS_KEYS: ReadonlyArray<KeyBinding<StepsAction>> = [
  { keys: ['↑', 'k'], help: 'select', action: 'up' },
  { keys: ['↓', 'j'], help: 'select', action: 'down' },
  // Enter on the step workspace/ holds shows its README: only `s` starts that step afresh.
  { keys: ['enter'], help: 'start', action: 'open' },
  { keys: ['s'], help: 'start', action: 'start' },
  { keys: ['c'], help: 'check', action: 'check', onWorkingStep: true },
  { keys: ['h'], help: 'hint', action: 'hint', onWorkingStep: true },
  { keys: ['n'], help: 'next hint', action: 'nextHint', onWorkingStep: true },
  { keys: ['d'], help: 'diff', action: 'diff', onWorkingStep: true },
  { keys: ['i'], help: 'readme', action: 'readme', onWorkingStep: true },
  { keys: ['o'], help: 'solution', action: 'solution' },
  { keys: ['v'], help: 'serve', action: 'serve', whileServing: 'stop serving' },
  { keys: ['r'], help: 'reset', action: 'reset' },
  // Esc is not here: it only ever cancels, so that pressing it twice never quits.
  { keys: ['q'], help: 'quit', action: 'quit' },
];

export type ReadmeAction =
  | 'lineUp'
  | 'lineDown'
  | 'pageUp'
  | 'pageDown'
  | 'top'
  | 'bottom'
  | 'close';

/**
 * A README, shown from its top. Keys it does not use (c, h, s…) close it and act as on the
 * step list; Enter only closes it, since on the step list it starts a step, replacing files.
 */
export const README_KEYS: ReadonlyArray<KeyBinding<ReadmeAction>> = [
  { keys: ['↑', 'k'], help: 'scroll', action: 'lineUp' },
  { keys: ['↓', 'j'], help: 'scroll', action: 'lineDown' },
  { keys: ['PgUp', 'b'], help: 'page', action: 'pageUp' },
  { keys: ['PgDn', 'space'], help: 'page', action: 'pageDown' },
  { keys: ['home', 'g'], help: 'top', action: 'top' },
  { keys: ['end', 'G'], help: 'bottom', action: 'bottom' },
  { keys: ['esc', 'q', 'i', 'enter'], help: 'back', action: 'close' },
];

export type BusyAction = 'cancel' | 'quit';

/** While an action runs (a check, a copy): nothing else starts until it ends. */
export const BUSY_KEYS: ReadonlyArray<KeyBinding<BusyAction>> = [
  { keys: ['esc'], help: 'cancel', action: 'cancel' },
  { keys: ['q'], help: 'quit', action: 'quit' },
];

export type QuestionAction = 'yes' | 'no';

/** A yes/no question; anything but a yes is a no, as the `(y/N)` says. */
export const QUESTION_KEYS: ReadonlyArray<KeyBinding<QuestionAction>> = [
  { keys: ['y', 'Y'], help: 'yes', action: 'yes' },
  { keys: ['n', 'N', 'enter', 'esc'], help: 'no', action: 'no' },
];

/** Ctrl-C quits from anywhere, answering no to a question that waits. */
export const INTERRUPT = 'ctrl-c';

/** The name a key press has in the tables, or undefined for keys no table names. */
export function keyName(input: string, key: Partial<Key>): string | undefined {
  if (key.ctrl) return input === 'c' ? INTERRUPT : undefined;
  if (key.upArrow) return '↑';
  if (key.downArrow) return '↓';
  if (key.pageUp) return 'PgUp';
  if (key.pageDown) return 'PgDn';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (input === ' ') return 'space';
  return input.length === 1 ? input : undefined;
}

export function findBinding<Action extends string>(
  table: ReadonlyArray<KeyBinding<Action>>,
  name: string | undefined,
): KeyBinding<Action> | undefined {
  return name === undefined ? undefined : table.find((binding) => binding.keys.includes(name));
}

/** One item of the key help: `↑↓` `select`. */
export interface HelpItem {
  keys: string;
  text: string;
}

/**
 * The key help of a table: each binding's first key and what it does, neighbours that do
 * the same joined (`↑↓ select`, `PgUp/PgDn page`). The other keys of a binding (j/k, space)
 * work without taking room in the help.
 */
export function helpItems<Action extends string>(
  table: ReadonlyArray<KeyBinding<Action>>,
  context: { serving?: boolean; workingStep?: string | undefined } = {},
): HelpItem[] {
  const groups: Array<{ keys: string[]; text: string }> = [];
  for (const binding of table) {
    let text = binding.help;
    if (binding.whileServing && context.serving) text = binding.whileServing;
    else if (binding.onWorkingStep && context.workingStep) text = `${text} ${context.workingStep}`;
    const last = groups.at(-1);
    const key = binding.keys[0] ?? '';
    if (last && last.text === text) last.keys.push(key);
    else groups.push({ keys: [key], text });
  }
  return groups.map(({ keys, text }) => ({
    keys: keys.join(keys.every((key) => [...key].length === 1) ? '' : '/'),
    text,
  }));
}

/** Help items packed into lines of at most `width` columns, two spaces apart. */
export function helpLines(items: readonly HelpItem[], width: number): HelpItem[][] {
  const lines: HelpItem[][] = [];
  let used = 0;
  for (const item of items) {
    const size = [...item.keys].length + 1 + [...item.text].length;
    const line = lines.at(-1);
    if (line && used + 2 + size <= width) {
      line.push(item);
      used += 2 + size;
    } else {
      lines.push([item]);
      used = size;
    }
  }
  return lines;
}

/** What a key press asks for, in the mode the app is in. */
export type KeyCommand =
  | { to: 'interrupt' }
  | { to: 'question'; action: QuestionAction }
  | { to: 'busy'; action: BusyAction }
  | { to: 'readme'; action: ReadmeAction }
  | { to: 'steps'; action: StepsAction; closingReadme: boolean };

/**
 * Looks a key up in the table of the mode. In a README, a key of the step list that the
 * README does not use closes it and acts as on the step list.
 */
export function routeKey(
  mode: 'quitting' | 'question' | 'busy' | 'readme' | 'steps',
  name: string | undefined,
): KeyCommand | undefined {
  if (name === INTERRUPT) return { to: 'interrupt' };
  if (mode === 'question') {
    const binding = findBinding(QUESTION_KEYS, name);
    return binding && { to: 'question', action: binding.action };
  }
  if (mode === 'busy') {
    const binding = findBinding(BUSY_KEYS, name);
    return binding && { to: 'busy', action: binding.action };
  }
  if (mode === 'readme') {
    const binding = findBinding(README_KEYS, name);
    if (binding) return { to: 'readme', action: binding.action };
  }
  if (mode === 'readme' || mode === 'steps') {
    const binding = findBinding(STEPS_KEYS, name);
    return binding && { to: 'steps', action: binding.action, closingReadme: mode === 'readme' };
  }
  return undefined;
}
