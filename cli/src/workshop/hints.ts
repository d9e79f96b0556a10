import { readFileSync } from 'node:fs';
import type { WorkshopDirs } from './dirs.ts';
import { type Step, stepDir } from './manifest.ts';
import { type Progress, readProgress, updateProgress } from './progress.ts';

/**
 * A step's hints.md is a list of `## Hint N: <rule>` sections, numbered through the file.
 * Consecutive hints about the same rule are that rule's ladder: the concept and where to read
 * first, then the shape of the fix in words, code only in the last. A failed check names the
 * first hint of its rule; the learner climbs the ladder with "next hint".
 */

/** One hint of hints.md: its number through the file, its rule and its text. */
export interface HintSection {
  number: number;
  /** The rule the hint is about, from its heading; undefined for a bare `## Hint N`. */
  rule: string | undefined;
  text: string;
}

/** The hints about one rule, in the order they are read. */
export interface HintRule {
  /** The rule's name; undefined for a bare `## Hint N`, which is a rule of its own. */
  name: string | undefined;
  hints: HintSection[];
}

/** One hint as shown to the learner: where it stands in the file and in its rule. */
export interface Hint extends HintSection {
  /** How many hints the step has. */
  total: number;
  /** Its place on its rule's ladder, from 1. */
  rung: number;
  /** How many hints its rule has. */
  rungs: number;
  /** The hint after it, which "next hint" shows; undefined after the last. */
  next: number | undefined;
}

const HEADING = /^##[ \t]+Hint\b[ \t]*\d*[ \t]*(?::[ \t]*(.*?))?[ \t]*$/gim;

/** The `## Hint` sections of a hints.md, numbered from 1 in the order they come. */
export function parseHintSections(markdown: string): HintSection[] {
  const headings = [...markdown.matchAll(HEADING)];
  const sections: HintSection[] = [];
  headings.forEach((heading, index) => {
    const start = (heading.index ?? 0) + heading[0].length;
    const end = headings[index + 1]?.index ?? markdown.length;
    const text = markdown.slice(start, end).trim();
    if (text === '') return;
    const rule = heading[1]?.trim() || undefined;
    sections.push({ number: sections.length + 1, rule, text });
  });
  return sections;
}

/** The hints grouped into rules: consecutive hints with the same rule name form its ladder. */
export function parseHintRules(markdown: string): HintRule[] {
  const rules: HintRule[] = [];
  for (const section of parseHintSections(markdown)) {
    const last = rules.at(-1);
    if (last && section.rule !== undefined && last.name === section.rule) last.hints.push(section);
    else rules.push({ name: section.rule, hints: [section] });
  }
  return rules;
}

/** The hints of a step, each placed in its rule; none when the step has no hints.md. */
export function readHints(dirs: WorkshopDirs, step: Step): Hint[] {
  const path = `${dirs.exercisesDir}/${stepDir(step)}/hints.md`;
  let markdown: string;
  try {
    markdown = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const rules = parseHintRules(markdown);
  const total = rules.reduce((sum, rule) => sum + rule.hints.length, 0);
  return rules.flatMap((rule) =>
    rule.hints.map((section, index) => ({
      ...section,
      total,
      rung: index + 1,
      rungs: rule.hints.length,
      next: section.number < total ? section.number + 1 : undefined,
    })),
  );
}

/**
 * Where a hint stands, as titles and messages name it: `4 of 8 — Links are absolute (1 of 3)`
 * (hint 4 of the step's 8, the first of its rule's 3); a hint without a rule is `4 of 8`.
 */
export function hintPlace(hint: Hint): string {
  const rule = hint.rule === undefined ? '' : ` — ${hint.rule} (${hint.rung} of ${hint.rungs})`;
  return `${hint.number} of ${hint.total}${rule}`;
}

/** Options of the functions that show a hint. */
export interface HintOptions {
  /** Only look: the hint is not counted as read (`hint --json`, for scripts). */
  peek?: boolean | undefined;
}

/**
 * The number recorded when the last failure named no hint, saying so (a type error in a file
 * of several rules): `hint` then says that too, rather than offer an unrelated hint.
 */
export const NO_HINT_NAMED = 0;

/** Whether the last failure of the step said that no hint is about it. */
export function namesNoHint(dirs: WorkshopDirs, step: Step): boolean {
  return readProgress(dirs.stateDir).pointedHints[stepDir(step)] === NO_HINT_NAMED;
}

/** What `hint` says when the last failure named no hint; `next` is how to climb the hints. */
export function noHintNamed(step: Step, next: string): string {
  return `The last failure names no hint of step ${stepDir(step)}: no rule of the step is about the file and line its report shows, so read the error there. ${next} goes through the hints in order.`;
}

/**
 * The hint `hint` shows: the one the last failure named, else the first not read yet; null
 * when the last failure said that no hint is about it.
 */
export function namedHint(dirs: WorkshopDirs, step: Step, options: HintOptions = {}): Hint | null {
  const hints = readHints(dirs, step);
  return show(dirs, step, options, hints, (progress) => pickNamed(progress, step, hints));
}

function pickNamed(progress: Progress, step: Step, hints: readonly Hint[]): Hint | undefined {
  const key = stepDir(step);
  const named = progress.pointedHints[key];
  if (named === NO_HINT_NAMED) return undefined;
  const pointed = hints[(named ?? 0) - 1];
  if (pointed) return pointed;
  const read = new Set(progress.hintsRead[key]);
  // All read and no failure to go by: the one read last, again.
  return hints.find((hint) => !read.has(hint.number)) ?? hints[(progress.lastHint[key] ?? 0) - 1];
}

/**
 * The hint after the one shown last (`hint --next`, the app's `n`); before any, the one `hint`
 * shows. Null when the last one shown was the step's last hint, or the step has none.
 */
export function nextHint(dirs: WorkshopDirs, step: Step, options: HintOptions = {}): Hint | null {
  const last = readProgress(dirs.stateDir).lastHint[stepDir(step)];
  const hints = readHints(dirs, step);
  // Before any hint was shown: the named one, or the first when the failure named none.
  if (last === undefined)
    return show(dirs, step, options, hints, (p) => pickNamed(p, step, hints) ?? hints[0]);
  return show(dirs, step, options, hints, () => hints[last]);
}

/** Hint `number` of the step, or null when the step has no such hint. */
export function hintNumber(
  dirs: WorkshopDirs,
  step: Step,
  number: number,
  options: HintOptions = {},
): Hint | null {
  const hints = readHints(dirs, step);
  return show(dirs, step, options, hints, () => hints[number - 1]);
}

/** Picks a hint from the progress and, unless peeking, records it as read and as the last shown. */
function show(
  dirs: WorkshopDirs,
  step: Step,
  options: HintOptions,
  hints: readonly Hint[],
  pick: (progress: Progress) => Hint | undefined,
): Hint | null {
  if (hints.length === 0) return null;
  const key = stepDir(step);
  if (options.peek) return pick(readProgress(dirs.stateDir)) ?? null;
  let picked: Hint | undefined;
  updateProgress(dirs.stateDir, (progress) => {
    picked = pick(progress);
    if (!picked) return;
    const read = new Set(progress.hintsRead[key]).add(picked.number);
    progress.hintsRead[key] = [...read].sort((a, b) => a - b);
    progress.lastHint[key] = picked.number;
  });
  return picked ?? null;
}
