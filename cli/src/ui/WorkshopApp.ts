import { Box, type Key, Static, Text, useApp, useInput, useStdout } from 'ink';
import { createElement as h, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunChecks } from '../workshop/checksRun.ts';
import type { WorkshopDirs } from '../workshop/dirs.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import {
  currentStep,
  nextStep,
  type Progress,
  readProgress,
  stepStates,
} from '../workshop/progress.ts';
import {
  type ServerOptions,
  type ServerProcess,
  startServer as startServerProcess,
} from '../workshop/server.ts';
import { wrapHanging } from '../wrapHanging.ts';
import * as act from './actions.ts';
import {
  type AppEvent,
  type AppState,
  initialState,
  type LogEntry,
  modeOf,
  reduce,
} from './appState.ts';
import { keyName, routeKey, type StepsAction } from './keys.ts';
import { readmeHeight } from './layout.ts';
import { LivePart, readmeLines } from './live.ts';
import { serve } from './serving.ts';
import { useProgress } from './useProgress.ts';

export interface WorkshopAppProps {
  dirs: WorkshopDirs;
  steps: readonly Step[];
  loadRunChecks(): Promise<RunChecks>;
  /** Aborted when the process is asked to stop: ends checks and the server. */
  signal: AbortSignal;
  now(): Date;
  startServer?: (options: ServerOptions) => ServerProcess;
  /** How often to look for progress written by `npm run check` in another terminal. */
  pollMs?: number;
  /** Called when the learner quits with Ctrl-C, which exits with code 130 as a signal would. */
  onInterrupt?: () => void;
  /** Colour the READMEs (Ink colours the rest as the terminal allows). */
  colour?: boolean;
  /** Make the READMEs' links OSC 8 hyperlinks, clickable. */
  hyperlinks?: boolean;
  /** Gets the checks of a step ready while the learner works on it, so that `c` answers fast. */
  prepareChecks?: (step: Step) => Promise<void>;
}

function currentStepName(steps: readonly Step[], progress: Progress): string | undefined {
  const step = currentStep(steps, progress);
  return step ? stepDir(step) : undefined;
}

/** The step in workspace/ selected, or else the next to do, and a welcome that says so. */
function firstState(steps: readonly Step[], progress: Progress): AppState {
  const step = currentStep(steps, progress) ?? nextStep(steps, progress);
  const welcome = progress.current
    ? `Welcome back. Your working copy holds step ${progress.current}: edit it in workspace/, press c to check.`
    : 'Welcome! Pick a step with ↑↓ and press enter: its starter goes into workspace/, where you edit it.';
  return initialState(steps.length, step ? steps.indexOf(step) : 0, {
    text: welcome,
    color: 'cyan',
  });
}

/**
 * The app's state in a reducer (appState.ts), with the latest state at hand: keys can arrive
 * faster than renders (Down then Enter in one read), and Enter must start the step Down moved to.
 */
function useAppState(initial: () => AppState) {
  const [state, setState] = useState(initial);
  const latest = useRef(state);
  const dispatch = useCallback((event: AppEvent) => {
    latest.current = reduce(latest.current, event);
    setState(latest.current);
  }, []);
  return { state, latest, dispatch };
}

/**
 * The interactive workshop. The live part (header, step list, one status line, keys) stays
 * shorter than the terminal; everything else — check output, hints, diffs, server logs — goes
 * through <Static>, printed once and scrolled away like ordinary output. A README is shown in
 * the live part instead, from its top, scrolled with the keys. What the keys do is in
 * actions.ts and serving.ts; here is the state, the effects, and which key calls what.
 */
export function WorkshopApp(props: WorkshopAppProps) {
  const { dirs, steps, signal } = props;
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => ({ rows: stdout.rows, columns: stdout.columns }));
  const rows = size.rows || 24;
  const columns = size.columns || 80;

  // Ink redraws on a resize, but the same tree: the header and list must be laid out again
  // for the new size, or a narrower terminal wraps the header and keeps stale rows.
  useEffect(() => {
    const resized = () => setSize({ rows: stdout.rows, columns: stdout.columns });
    stdout.on('resize', resized);
    return () => {
      stdout.off('resize', resized);
    };
  }, [stdout]);

  const { state, latest, dispatch } = useAppState(() =>
    firstState(steps, readProgress(dirs.stateDir)),
  );
  const { progress, reload } = useProgress({ dirs, steps, latest, dispatch, pollMs: props.pollMs });
  const states = useMemo(() => stepStates(steps, progress), [steps, progress]);
  // What the learner can stop or answer: functions, kept beside the state rather than in it.
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const task = useRef<act.Stoppable | null>(null);
  const server = useRef<act.Stoppable | null>(null);
  const [, setClock] = useState(0);

  // The elapsed seconds of a running task.
  useEffect(() => {
    if (!state.task) return;
    const timer = setInterval(() => setClock((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state.task]);

  const prepareChecks = useCallback(
    (step: Step) => void props.prepareChecks?.(step).catch(() => undefined),
    [props.prepareChecks],
  );

  // The step in workspace/ will be checked: get its checks ready.
  useEffect(() => {
    const step = currentStep(steps, readProgress(dirs.stateDir));
    if (step) prepareChecks(step);
  }, [steps, dirs.stateDir, prepareChecks]);

  // Quitting is a state first: Ink exits after the render without the busy line.
  useEffect(() => {
    if (state.quitting) exit();
  }, [state.quitting, exit]);

  // Made again at each render, so that the actions render READMEs at the width of the moment.
  const ctx: act.ActionContext = {
    dirs,
    steps,
    signal,
    now: props.now,
    loadRunChecks: props.loadRunChecks,
    startServer: props.startServer ?? startServerProcess,
    display: {
      colour: props.colour ?? false,
      hyperlinks: props.hyperlinks ?? false,
      width: columns,
    },
    dispatch,
    ask: act.askInApp(answer, dispatch),
    prepareChecks,
    reloadProgress: () => reload(false),
    task,
    server,
  };

  const onStepsKey = (action: StepsAction) => {
    if (action === 'up') return dispatch({ type: 'move', by: -1 });
    if (action === 'down') return dispatch({ type: 'move', by: 1 });
    if (action === 'quit') return act.quit(ctx, latest.current.task?.label);
    if (action === 'serve') return void serve(ctx);
    if (action === 'reset') return void act.reset(ctx);
    const step = steps[latest.current.selected];
    if (!step) return;
    if (action === 'start') return void act.start(ctx, step);
    if (action === 'open') {
      if (step === currentStep(steps, progress)) return act.readme(ctx, step);
      return void act.start(ctx, step);
    }
    if (action === 'solution') return void act.solution(ctx, step);
    // Check, hint, diff and readme are about the step in workspace/, wherever the selection
    // moved (after a pass it moves on to the next step); the selected one only before any start.
    const working = currentStep(steps, progress) ?? step;
    if (action === 'check') return void act.check(ctx, working);
    if (action === 'hint') return void act.hint(ctx, working, 'named');
    if (action === 'nextHint') return void act.hint(ctx, working, 'next');
    if (action === 'diff') return void act.diff(ctx, working);
    if (action === 'readme') return act.readme(ctx, working);
  };

  const onKey = (input: string, key: Key) => {
    const command = routeKey(modeOf(latest.current), keyName(input, key));
    if (!command) return;
    if (command.to === 'interrupt') {
      props.onInterrupt?.();
      answer.current?.(false);
      return act.quit(ctx, latest.current.task?.label);
    }
    if (command.to === 'question') return answer.current?.(command.action === 'yes');
    if (command.to === 'busy') {
      if (command.action === 'quit') return act.quit(ctx, latest.current.task?.label);
      return task.current?.abort();
    }
    const readme = latest.current.readme;
    if (command.to === 'readme') {
      if (command.action === 'close' || !readme) return dispatch({ type: 'readmeClosed' });
      const lines = readmeLines(readme.text, columns).length;
      const height = readmeHeight(rows);
      return dispatch({ type: 'scrolled', how: command.action, height, lines });
    }
    if (command.closingReadme) dispatch({ type: 'readmeClosed' });
    onStepsKey(command.action);
  };
  useInput(onKey);

  return h(
    Box,
    { flexDirection: 'column' },
    h(Static<LogEntry>, {
      items: [...state.logs],
      // biome-ignore lint/correctness/noChildrenProp: Static's child is a render function, which createElement's types accept only as a prop.
      children: (entry: LogEntry) =>
        h(Text, { key: entry.id, color: entry.color }, wrapHanging(entry.text, columns)),
    }),
    h(LivePart, {
      state,
      states,
      workingStep: currentStepName(steps, progress),
      rows,
      columns,
    }),
  );
}
