import { describe, expect, it } from 'vitest';
import {
  BUSY_KEYS,
  findBinding,
  helpItems,
  helpLines,
  type KeyBinding,
  keyName,
  QUESTION_KEYS,
  README_KEYS,
  routeKey,
  STEPS_KEYS,
} from '../src/ui/keys.ts';
import { OUTPUT_ROWS, stepsLayout } from '../src/ui/layout.ts';

const TABLES: Record<string, ReadonlyArray<KeyBinding<string>>> = {
  steps: STEPS_KEYS,
  readme: README_KEYS,
  busy: BUSY_KEYS,
  question: QUESTION_KEYS,
};

describe('the key tables', () => {
  it.each(Object.entries(TABLES))('bind each key once in the %s table', (_, table) => {
    const keys = table.flatMap((binding) => binding.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('name the keys Ink reports as the tables do', () => {
    expect(keyName('', { upArrow: true })).toBe('↑');
    expect(keyName('', { downArrow: true })).toBe('↓');
    expect(keyName('', { pageUp: true })).toBe('PgUp');
    expect(keyName('', { pageDown: true })).toBe('PgDn');
    expect(keyName('', { home: true })).toBe('home');
    expect(keyName('', { end: true })).toBe('end');
    expect(keyName('\r', { return: true })).toBe('enter');
    expect(keyName('', { escape: true })).toBe('esc');
    expect(keyName(' ', {})).toBe('space');
    expect(keyName('c', { ctrl: true })).toBe('ctrl-c');
    expect(keyName('x', { ctrl: true })).toBeUndefined();
    expect(keyName('G', { shift: true })).toBe('G');
    expect(findBinding(STEPS_KEYS, keyName('j', {}))?.action).toBe('down');
    expect(findBinding(README_KEYS, keyName('', { pageDown: true }))?.action).toBe('pageDown');
    // Esc cancels or answers no; on the step list it does nothing, so it never quits.
    expect(findBinding(STEPS_KEYS, 'esc')).toBeUndefined();
  });

  it('give the help from the tables: neighbours that do the same share an item', () => {
    expect(helpItems(STEPS_KEYS).slice(0, 3)).toEqual([
      { keys: '↑↓', text: 'select' },
      { keys: 'enter/s', text: 'start' },
      { keys: 'c', text: 'check' },
    ]);
    expect(helpItems(README_KEYS)).toContainEqual({ keys: 'PgUp/PgDn', text: 'page' });
    const named = helpItems(STEPS_KEYS, { workingStep: '01-hello', serving: true });
    expect(named).toContainEqual({ keys: 'c', text: 'check 01-hello' });
    expect(named).toContainEqual({ keys: 'o', text: 'solution' });
    expect(named).toContainEqual({ keys: 'v', text: 'stop serving' });
    // Every key the help shows does what the help says.
    for (const [name, table] of Object.entries(TABLES))
      for (const item of helpItems(table))
        for (const key of item.keys === '↑↓' ? ['↑', '↓'] : item.keys.split('/'))
          expect(findBinding(table, key)?.help, `${name}: ${key}`).toBe(item.text);
  });

  it('pack the help into lines of the width, two spaces apart', () => {
    const items = [
      { keys: 'a', text: 'one' },
      { keys: 'b', text: 'two' },
      { keys: 'c', text: 'three' },
    ];
    expect(helpLines(items, 12)).toEqual([[items[0], items[1]], [items[2]]]);
    expect(helpLines(items, 80)).toEqual([items]);
  });
});

describe('routeKey', () => {
  it('looks a key up in the table of the mode the app is in', () => {
    expect(routeKey('steps', '↓')).toEqual({ to: 'steps', action: 'down', closingReadme: false });
    expect(routeKey('readme', '↓')).toEqual({ to: 'readme', action: 'lineDown' });
    expect(routeKey('readme', 'q')).toEqual({ to: 'readme', action: 'close' });
    expect(routeKey('busy', 'esc')).toEqual({ to: 'busy', action: 'cancel' });
    expect(routeKey('question', 'enter')).toEqual({ to: 'question', action: 'no' });
    // While a question waits or an action runs, the step list's keys do nothing.
    expect(routeKey('question', 'c')).toBeUndefined();
    expect(routeKey('busy', 'c')).toBeUndefined();
    expect(routeKey('quitting', 'q')).toBeUndefined();
  });

  it('lets a step-list key close a README and act', () => {
    expect(routeKey('readme', 'c')).toEqual({ to: 'steps', action: 'check', closingReadme: true });
    expect(routeKey('readme', 'n')).toEqual({
      to: 'steps',
      action: 'nextHint',
      closingReadme: true,
    });
    expect(routeKey('readme', 'x')).toBeUndefined();
  });

  it('never starts a step with enter in a README, where it only closes it', () => {
    expect(routeKey('readme', 'enter')).toEqual({ to: 'readme', action: 'close' });
    expect(routeKey('steps', 'enter')).toEqual({
      to: 'steps',
      action: 'open',
      closingReadme: false,
    });
  });

  it('quits on ctrl-c in every mode', () => {
    for (const mode of ['quitting', 'question', 'busy', 'readme', 'steps'] as const)
      expect(routeKey(mode, 'ctrl-c')).toEqual({ to: 'interrupt' });
  });
});

describe('the layout of the step list', () => {
  const keyRows = { spacious: 3, compact: 2 };

  it('is spacious with every step when the terminal is tall enough', () => {
    expect(stepsLayout({ rows: 50, steps: 12, statusRows: 1, keyRows })).toEqual({
      spacious: true,
      listHeight: 12,
    });
  });

  it(`leaves ${OUTPUT_ROWS} rows to the output on a small terminal (25 rows)`, () => {
    const layout = stepsLayout({ rows: 25, steps: 12, statusRows: 2, keyRows });
    expect(layout.spacious).toBe(false);
    // A blank line, the header, the list, the status and the keys.
    const live = 2 + layout.listHeight + 2 + keyRows.compact;
    expect(live).toBe(25 - 1 - OUTPUT_ROWS);
  });

  it('keeps one step in view, however small the terminal', () => {
    expect(stepsLayout({ rows: 10, steps: 12, statusRows: 1, keyRows }).listHeight).toBe(1);
  });
});
