import { describe, expect, it } from 'vitest';
import { type AppEvent, type AppState, initialState, modeOf, reduce } from '../src/ui/appState.ts';

const start = () => initialState(12, 0, { text: 'Welcome!', color: 'cyan' });
const after = (...events: AppEvent[]) => events.reduce(reduce, start());

describe('the app state', () => {
  it('moves the selection within the steps', () => {
    expect(after({ type: 'move', by: -1 }).selected).toBe(0);
    expect(after({ type: 'move', by: 1 }, { type: 'move', by: 1 }).selected).toBe(2);
    expect(after({ type: 'select', index: 40 }).selected).toBe(11);
    expect(after({ type: 'select', index: 11 }, { type: 'move', by: 1 }).selected).toBe(11);
  });

  it('numbers the log entries in order, after the welcome', () => {
    const state = after({ type: 'log', text: 'one' }, { type: 'log', text: 'two', color: 'red' });
    expect(state.logs).toEqual([
      { id: 0, text: 'Welcome!', color: 'cyan' },
      { id: 1, text: 'one', color: undefined },
      { id: 2, text: 'two', color: 'red' },
    ]);
  });

  it('takes keys for a question first, then for a running action, then a README', () => {
    const readme: AppEvent = { type: 'readmeOpened', text: 'Title' };
    const task: AppEvent = { type: 'taskStarted', label: 'Checking', startedAt: 0 };
    const asked: AppEvent = { type: 'asked', question: 'Replace?' };
    expect(modeOf(start())).toBe('steps');
    expect(modeOf(after(readme))).toBe('readme');
    expect(modeOf(after(readme, task))).toBe('busy');
    expect(modeOf(after(readme, task, asked))).toBe('question');
    expect(modeOf(after(readme, task, asked, { type: 'answered' }))).toBe('busy');
    expect(modeOf(after(readme, task, { type: 'taskEnded' }))).toBe('readme');
    expect(modeOf(after(asked, { type: 'quit' }))).toBe('quitting');
  });

  it('opens a README at its first line, whatever was scrolled before', () => {
    const scrolled = after(
      { type: 'readmeOpened', text: 'a' },
      { type: 'scrolled', how: 'pageDown', height: 10, lines: 50 },
    );
    expect(scrolled.readme?.top).toBe(9);
    expect(reduce(scrolled, { type: 'readmeOpened', text: 'b' }).readme?.top).toBe(0);
  });

  it('scrolls a README by lines and pages, never above its top nor past its end', () => {
    const scroll = (
      state: AppState,
      how: 'lineUp' | 'lineDown' | 'pageUp' | 'pageDown' | 'top' | 'bottom',
    ) => reduce(state, { type: 'scrolled', how, height: 10, lines: 25 });
    let state = after({ type: 'readmeOpened', text: 'x' });
    state = scroll(state, 'lineUp');
    expect(state.readme?.top).toBe(0);
    state = scroll(state, 'pageUp');
    expect(state.readme?.top).toBe(0);
    state = scroll(state, 'lineDown');
    expect(state.readme?.top).toBe(1);
    // A page keeps one line of the last in view.
    state = scroll(state, 'pageDown');
    expect(state.readme?.top).toBe(10);
    state = scroll(state, 'pageDown');
    expect(state.readme?.top).toBe(15);
    state = scroll(state, 'lineDown');
    expect(state.readme?.top).toBe(15);
    state = scroll(state, 'top');
    expect(state.readme?.top).toBe(0);
    state = scroll(state, 'bottom');
    expect(state.readme?.top).toBe(15);
  });

  it('does not scroll a README shorter than the window', () => {
    const state = after(
      { type: 'readmeOpened', text: 'x' },
      { type: 'scrolled', how: 'pageDown', height: 10, lines: 4 },
    );
    expect(state.readme?.top).toBe(0);
  });

  it('says what comes next once the README is closed, and only then', () => {
    const opened = after({
      type: 'readmeOpened',
      text: 'x',
      afterward: { text: 'Edit the files', color: 'cyan' },
    });
    expect(opened.logs.map((entry) => entry.text)).toEqual(['Welcome!']);
    const closed = reduce(opened, { type: 'readmeClosed' });
    expect(closed.readme).toBeNull();
    expect(closed.logs.at(-1)).toMatchObject({ text: 'Edit the files', color: 'cyan' });
    expect(reduce(closed, { type: 'readmeClosed' }).logs).toHaveLength(2);
  });

  it('keeps the last failure until the next check', () => {
    const failure = { step: '01-hello', summary: 'GET /: status is 404, not 200', hint: 1 };
    const failed = after({ type: 'checked', failure });
    expect(failed.failure).toEqual(failure);
    expect(reduce(failed, { type: 'log', text: 'hint' }).failure).toEqual(failure);
    expect(reduce(failed, { type: 'checked', failure: null }).failure).toBeNull();
  });
});
