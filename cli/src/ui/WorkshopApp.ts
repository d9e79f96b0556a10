import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Box, type Key, Static, Text, useApp, useInput, useStdout } from 'ink';
import { createElement as h, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunChecks } from '../commands/context.ts';
import { checkWorkspace } from '../workshop/checking.ts';
import { colourPatch, diffStep } from '../workshop/diff.ts';
import type { WorkshopDirs } from '../workshop/dirs.ts';
import { nextHint } from '../workshop/hints.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import { describeOutcome, skippedStep, skipQuestion, startOptions } from '../workshop/moving.ts';
import {
  currentStep,
  markSolutionUsed,
  nextStep,
  type Progress,
  progressPath,
  readProgress,
  setCurrent,
  stepStates,
} from '../workshop/progress.ts';
import { stepMarkdown, stepReadme } from '../workshop/readme.ts';
import { recap } from '../workshop/recap.ts';
import { type Confirm, scaffold } from '../workshop/scaffold.ts';
import {
  portProblem,
  type ServerOptions,
  type ServerProcess,
  serverPort,
  serveWhileSaving,
  startServer as startServerProcess,
} from '../workshop/server.ts';
import { targetDir } from '../workshop/targets.ts';
import { wrapHanging } from '../wrapHanging.ts';
import {
  type AppEvent,
  type AppState,
  initialState,
  type LogEntry,
  type LogLine,
  modeOf,
  reduce,
} from './appState.ts';
import { failureSummary } from './failureSummary.ts';
import { keyName, routeKey, type StepsAction } from './keys.ts';
import { readmeHeight } from './layout.ts';
import { LivePart, readmeLines } from './live.ts';

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

/** Something the learner can stop, which also stops when the whole process is asked to. */
interface Stoppable {
  signal: AbortSignal;
  abort(): void;
}

function childController(parent: AbortSignal): Stoppable {
  const own = new AbortController();
  // AbortSignal.any holds the parent weakly: no listener piles up on it per action.
  return { signal: AbortSignal.any([parent, own.signal]), abort: () => own.abort() };
}

function currentStepName(steps: readonly Step[], progress: Progress): string | undefined {
  const step = currentStep(steps, progress);
  return step ? stepDir(step) : undefined;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
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
 * the live part instead, from its top, scrolled with the keys.
 */
export function WorkshopApp(props: WorkshopAppProps) {
  const { dirs, steps, signal } = props;
  const startServer = props.startServer ?? startServerProcess;
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

  const [progress, setProgress] = useState(() => readProgress(dirs.stateDir));
  const states = useMemo(() => stepStates(steps, progress), [steps, progress]);
  const { state, latest, dispatch } = useAppState(() => {
    const step = currentStep(steps, progress) ?? nextStep(steps, progress);
    const welcome = progress.current
      ? `Welcome back. Your working copy holds step ${progress.current}: edit it in workspace/, press c to check.`
      : 'Welcome! Pick a step with ↑↓ and press enter: its starter goes into workspace/, where you edit it.';
    return initialState(steps.length, step ? steps.indexOf(step) : 0, {
      text: welcome,
      color: 'cyan',
    });
  });
  // What the learner can stop or answer: functions, kept beside the state rather than in it.
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const task = useRef<Stoppable | null>(null);
  const server = useRef<Stoppable | null>(null);
  const [, setClock] = useState(0);
  const lastProgress = useRef(readText(progressPath(dirs.stateDir)));

  const log = useCallback(
    (text: string, color?: string) => dispatch({ type: 'log', text, color }),
    [dispatch],
  );

  const shownProgress = useRef(progress);
  const reload = useCallback(
    (fromElsewhere: boolean) => {
      const text = readText(progressPath(dirs.stateDir));
      if (text === lastProgress.current) return;
      lastProgress.current = text;
      const before = shownProgress.current;
      const after = readProgress(dirs.stateDir);
      shownProgress.current = after;
      setProgress(after);
      if (!fromElsewhere) return;
      const passedNow = steps.filter(
        (step) => after.passed[stepDir(step)] && !before.passed[stepDir(step)],
      );
      for (const step of passedNow) {
        const next = nextStep(steps, after, step);
        const then = next ? ` Select ${stepDir(next)} and press enter for the next step.` : '';
        log(`✔ Step ${stepDir(step)} passes (checked in another terminal).${then}`, 'green');
        if (latest.current.failure?.step === stepDir(step))
          dispatch({ type: 'checked', failure: null });
        // Onwards, unless the learner has moved the selection away meanwhile.
        if (next && latest.current.selected === steps.indexOf(step))
          dispatch({ type: 'select', index: steps.indexOf(next) });
      }
    },
    [dirs.stateDir, steps, log, latest, dispatch],
  );

  // Another terminal may run `npm run check` or `check --watch`: its passes show up here within
  // a poll, as the app's own do. What the app's own actions write is not news.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!latest.current.task) reload(true);
    }, props.pollMs ?? 1000);
    return () => clearInterval(timer);
  }, [reload, props.pollMs, latest]);

  // The elapsed seconds of a running task.
  useEffect(() => {
    if (!state.task) return;
    const timer = setInterval(() => setClock((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state.task]);

  const ask: Confirm = useCallback(
    (question) =>
      new Promise<boolean>((resolve) => {
        answer.current = (yes) => {
          answer.current = null;
          dispatch({ type: 'answered' });
          resolve(yes);
        };
        dispatch({ type: 'asked', question });
      }),
    [dispatch],
  );

  /** Runs one action at a time, with a status line, reporting errors instead of crashing. */
  const run = useCallback(
    async (label: string, action: (signal: AbortSignal) => Promise<void> | void) => {
      const controller = childController(signal);
      task.current = controller;
      dispatch({ type: 'taskStarted', label, startedAt: Date.now() });
      try {
        await action(controller.signal);
      } catch (error) {
        log(`✘ ${(error as Error).message}`, 'red');
      } finally {
        task.current = null;
        dispatch({ type: 'taskEnded' });
        reload(false);
      }
    },
    [signal, log, reload, dispatch],
  );

  const copyIn = async (step: Step, kind: 'starter' | 'solution') => {
    const held = readProgress(dirs.stateDir);
    // Never a step the learner did not mean: one past a step not done yet is asked first.
    const skipped = kind === 'starter' ? skippedStep(steps, held, step) : null;
    if (skipped && !(await ask(skipQuestion(steps, skipped, step)))) {
      log('Nothing was replaced: your files are as they were.', 'yellow');
      return false;
    }
    const outcome = await scaffold(dirs, targetDir(kind, step, dirs), {
      ...(kind === 'starter' ? startOptions(steps, held, step) : {}),
      heldStep: held.current,
      confirm: ask,
      now: props.now(),
    });
    if (outcome.status !== 'written') {
      log('Nothing was replaced: your files are as they were.', 'yellow');
      return false;
    }
    setCurrent(dirs.stateDir, step);
    if (kind === 'solution') markSolutionUsed(dirs.stateDir, step, props.now());
    // The last check was of other files.
    dispatch({ type: 'checked', failure: null });
    for (const line of describeOutcome(dirs, outcome)) log(line, 'yellow');
    const written =
      outcome.written.length > 0 ? `wrote ${outcome.written.join(', ')}` : 'nothing to write';
    log(`Step ${stepDir(step)}: copied the ${kind} into workspace/ (${written}).`, 'green');
    return true;
  };

  const prepareChecks = useCallback(
    (step: Step) => void props.prepareChecks?.(step).catch(() => undefined),
    [props.prepareChecks],
  );

  // The step in workspace/ will be checked: get its checks ready.
  useEffect(() => {
    const step = currentStep(steps, readProgress(dirs.stateDir));
    if (step) prepareChecks(step);
  }, [steps, dirs.stateDir, prepareChecks]);

  const display = {
    colour: props.colour ?? false,
    hyperlinks: props.hyperlinks ?? false,
    width: columns,
  };
  const showReadme = (step: Step, afterward?: LogLine) => {
    const readme = stepReadme(dirs, step, display);
    if (readme) return dispatch({ type: 'readmeOpened', text: readme, afterward });
    log(`Step ${stepDir(step)} has no README.`, 'yellow');
    if (afterward) log(afterward.text, afterward.color);
  };

  const actions = {
    start: (step: Step) =>
      run(`Starting ${stepDir(step)}…`, async () => {
        if (!(await copyIn(step, 'starter'))) return;
        prepareChecks(step);
        showReadme(step, {
          text: 'Edit the files in workspace/, then press c to check (or run npm run check); i shows the README again.',
          color: 'cyan',
        });
      }),

    readme: (step: Step) => showReadme(step),

    check: (step: Step) => {
      if (!existsSync(`${dirs.workspaceDir}/src/app.ts`)) {
        log('There is nothing in workspace/ to check yet: press enter to start a step.', 'yellow');
        return;
      }
      return run(`Checking ${stepDir(step)}…`, async (taskSignal) => {
        const runChecks = await props.loadRunChecks();
        const result = await checkWorkspace(dirs, runChecks, {
          step,
          stdio: 'pipe',
          signal: taskSignal,
          now: props.now,
        });
        if (taskSignal.aborted) {
          log('Check cancelled.', 'yellow');
          return;
        }
        if (result.output.trim()) log(result.output.trimEnd());
        dispatch({
          type: 'checked',
          failure: result.passed
            ? null
            : { step: stepDir(step), summary: failureSummary(result.output), hint: result.hint },
        });
        if (result.passed) {
          const next = nextStep(steps, readProgress(dirs.stateDir), step);
          const then = next
            ? ` Select ${stepDir(next)} and press enter for the next step.`
            : `\n\n${recap(steps)}`;
          log(`✔ Step ${stepDir(step)} passes.${then}`, 'green');
          if (next) dispatch({ type: 'select', index: steps.indexOf(next) });
        } else {
          const hint = result.hint === undefined ? 'a hint' : `hint ${result.hint}`;
          log(
            `✘ Step ${stepDir(step)} does not pass yet. Press h for ${hint}, d to compare with the solution.`,
            'red',
          );
        }
      });
    },

    hint: (step: Step) =>
      run('Finding a hint…', () => {
        const hint = nextHint(dirs, step);
        if (!hint) {
          log(`Step ${stepDir(step)} has no hints.`, 'yellow');
          return;
        }
        const again = hint.repeated ? ' (again: it is the last)' : '';
        log(
          `Hint ${hint.number} of ${hint.total} for step ${stepDir(step)}${again}\n\n${stepMarkdown(dirs, step, hint.text, display)}`,
          'magenta',
        );
      }),

    diff: (step: Step) =>
      run('Comparing…', async () => {
        // The differences are the solution, line by line: a spoiler, as `o` is.
        if (!(await ask(`Show how your files differ from the solution of step ${stepDir(step)}?`)))
          return;
        const changed = diffStep(dirs, step).filter((file) => file.patch !== '');
        if (changed.length === 0) {
          log(`Your files match the solution of step ${stepDir(step)}.`, 'green');
          return;
        }
        log(changed.map((file) => colourPatch(file.patch.trimEnd())).join('\n'));
        log('"-" is your working copy, "+" the solution.', 'gray');
      }),

    solution: (step: Step) =>
      run(`Copying the solution of ${stepDir(step)}…`, async () => {
        if (!(await ask(`Copy the solution of step ${stepDir(step)} into workspace/?`))) return;
        await copyIn(step, 'solution');
      }),

    reset: () => {
      const step = currentStep(steps, readProgress(dirs.stateDir));
      if (!step) {
        log('No step is started yet: select one and press enter.', 'yellow');
        return;
      }
      return run(`Resetting ${stepDir(step)}…`, async () => {
        await copyIn(step, 'starter');
      });
    },

    serve: async () => {
      if (server.current) {
        server.current.abort();
        return;
      }
      const file = `${dirs.workspaceDir}/src/server.ts`;
      if (!existsSync(file)) {
        log('There is no workspace/src/server.ts to serve yet: start a step first.', 'yellow');
        return;
      }
      const problem = await portProblem(serverPort(undefined));
      if (problem) {
        log(
          `Cannot serve: ${problem} (quit, then: npm run workshop -- serve --port 8081).`,
          'yellow',
        );
        return;
      }
      const controller = childController(signal);
      server.current = controller;
      dispatch({ type: 'serving', serving: true });
      log(
        'Serving your working copy (workspace/src/server.ts); it restarts after each save. Press v to stop it.',
        'cyan',
      );
      void serveWhileSaving({
        file,
        cwd: dirs.workspaceDir,
        stdio: 'pipe',
        signal: controller.signal,
        stateDir: dirs.stateDir,
        startServer,
        say: (line) => log(line, 'cyan'),
        started: (child) => {
          for (const stream of [child.stdout, child.stderr]) {
            if (stream)
              createInterface({ input: stream }).on('line', (line) =>
                log(`server │ ${line}`, 'gray'),
              );
          }
        },
      }).then(() => {
        server.current = null;
        dispatch({ type: 'serving', serving: false });
        log('The server stopped.', 'gray');
      });
    },

    quit: () => {
      task.current?.abort();
      server.current?.abort();
      // Exit after one more render without the busy line, so no spinner stays on screen.
      dispatch({ type: 'quit' });
    },
  };

  useEffect(() => {
    if (state.quitting) exit();
  }, [state.quitting, exit]);

  const onStepsKey = (action: StepsAction) => {
    const index = latest.current.selected;
    if (action === 'up') return dispatch({ type: 'move', by: -1 });
    if (action === 'down') return dispatch({ type: 'move', by: 1 });
    if (action === 'quit') return actions.quit();
    if (action === 'serve') return void actions.serve();
    if (action === 'reset') return void actions.reset();
    const step = steps[index];
    if (!step) return;
    if (action === 'start') return void actions.start(step);
    if (action === 'solution') return void actions.solution(step);
    // Check, hint, diff and readme are about the step in workspace/, wherever the selection
    // moved (after a pass it moves on to the next step); the selected one only before any start.
    const working = currentStep(steps, progress) ?? step;
    if (action === 'check') return void actions.check(working);
    if (action === 'hint') return void actions.hint(working);
    if (action === 'diff') return void actions.diff(working);
    if (action === 'readme') return actions.readme(working);
  };

  const onKey = (input: string, key: Key) => {
    const command = routeKey(modeOf(latest.current), keyName(input, key));
    if (!command) return;
    if (command.to === 'interrupt') {
      props.onInterrupt?.();
      answer.current?.(false);
      return actions.quit();
    }
    if (command.to === 'question') return answer.current?.(command.action === 'yes');
    if (command.to === 'busy') {
      if (command.action === 'quit') return actions.quit();
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
