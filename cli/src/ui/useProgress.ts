import { readFileSync } from 'node:fs';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkshopDirs } from '../workshop/dirs.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import {
  nextStep,
  nextStepWords,
  type Progress,
  progressPath,
  readProgress,
} from '../workshop/progress.ts';
import type { AppEvent, AppState } from './appState.ts';

export interface ProgressOptions {
  dirs: WorkshopDirs;
  steps: readonly Step[];
  /** The app's state as of the last event, not the last render: see useAppState. */
  latest: { readonly current: AppState };
  dispatch(event: AppEvent): void;
  /** How often to look for progress written by `npm run check` in another terminal. */
  pollMs?: number | undefined;
}

/**
 * The progress file (.workshop/progress.json) as the app shows it. Another terminal may run
 * `npm run check` or `check --watch`: its passes show up here within a poll, as the app's own
 * do. `reload(false)` is for after the app's own actions, whose writes are not news.
 */
export function useProgress({ dirs, steps, latest, dispatch, pollMs }: ProgressOptions) {
  const [progress, setProgress] = useState(() => readProgress(dirs.stateDir));
  // The file's text, to parse it again only when it changed; and the progress last read, to
  // compare with, in a ref because the poll's callback outlives renders.
  const lastText = useRef(readText(progressPath(dirs.stateDir)));
  const shown = useRef(progress);

  const reload = useCallback(
    (fromElsewhere: boolean) => {
      const text = readText(progressPath(dirs.stateDir));
      if (text === lastText.current) return;
      lastText.current = text;
      const before = shown.current;
      const after = readProgress(dirs.stateDir);
      shown.current = after;
      setProgress(after);
      if (fromElsewhere) announcePasses(steps, before, after, latest, dispatch);
    },
    [dirs.stateDir, steps, latest, dispatch],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      // While an action runs, it may be writing the file: its own reload follows.
      if (!latest.current.task) reload(true);
    }, pollMs ?? 1000);
    return () => clearInterval(timer);
  }, [reload, pollMs, latest]);

  return { progress, reload };
}

/**
 * Says which steps passed in another terminal. The selection stays where the learner left
 * it: moved by itself, the next ↓ and enter would start a step they never chose.
 */
function announcePasses(
  steps: readonly Step[],
  before: Progress,
  after: Progress,
  latest: { readonly current: AppState },
  dispatch: (event: AppEvent) => void,
): void {
  const passedNow = steps.filter(
    (step) => after.passed[stepDir(step)] && !before.passed[stepDir(step)],
  );
  for (const step of passedNow) {
    const next = nextStep(steps, after, step);
    const then = next
      ? ` Select ${stepDir(next)} and press enter for ${nextStepWords(steps, step, next)}.`
      : '';
    const text = `✔ Step ${stepDir(step)} passes (checked in another terminal).${then}`;
    dispatch({ type: 'log', text, color: 'green' });
    if (latest.current.failure?.step === stepDir(step))
      dispatch({ type: 'checked', failure: null });
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
