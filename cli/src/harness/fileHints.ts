import { loadManifest, type Step, stepDir } from '../workshop/manifest.ts';

let steps: Step[] | undefined;

/**
 * The hint of the rule a learner's file is about in a step (its `fileHints` in
 * exercises/steps.json), if the file is about one rule: what a type error or a crash of
 * `createApp()` in that file names, since no check's subject is about it.
 */
export function fileHint(step: string | undefined, file: string): number | undefined {
  if (step === undefined) return undefined;
  steps ??= loadManifest();
  return steps.find((candidate) => stepDir(candidate) === step)?.fileHints?.[file];
}

/** What a report says in place of a hint when {@link fileHint} finds none for `where`. */
export function noFileHint(step: string | undefined, where: string | undefined): string {
  const of = step === undefined ? 'of this step' : `of step ${step.split('-')[0]}`;
  return where === undefined
    ? `no hint ${of} is about it: it was raised outside your files; its message says what went wrong`
    : `no hint: no single rule ${of} is about ${where}; the message says what to change there`;
}
