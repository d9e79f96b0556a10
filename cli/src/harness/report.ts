import { fileURLToPath } from 'node:url';
import { checkContext } from './context.ts';
import { describeThrown, lastCrashOfCheck, thrownHint } from './thrown.ts';

/** What a failed check tells the learner; each part is a list of lines. */
export interface Report {
  /** One line: what went wrong. */
  summary: string;
  /** The request sent. */
  sent?: readonly string[] | undefined;
  /** What the check wanted. */
  expected?: readonly string[] | undefined;
  /** What came back. */
  received?: readonly string[] | undefined;
  /** The way the request took through the application's pipeline (see `pipelineLines`). */
  pipeline?: readonly string[] | undefined;
  /** What the application threw while answering, and where in the learner's files. */
  thrown?: readonly string[] | undefined;
  /** Each way the answer differs from what was wanted. */
  differs?: readonly string[] | undefined;
  /** The number of the hint (in the step's hints.md) that helps. */
  hint?: number | undefined;
  /** Said in place of a hint when none is about the failure, so that none is guessed. */
  noHint?: string | undefined;
}

/** A check that failed, with a message that speaks to the learner. */
export class CheckFailure extends Error {
  constructor(report: Report) {
    super(formatReport(withCrash(report)));
    this.name = 'CheckFailure';
    // The learner's check file, not the harness, is where the failure should point.
    this.stack = this.stack
      ?.split('\n')
      .filter((line) => !line.includes(HARNESS_FOLDER))
      .join('\n');
  }
}

/**
 * A report that shows no answer of its own gets the check's last crash, if it met one: the
 * failure may be its consequence (a list that a 500 left empty), and the crash is to fix first.
 */
function withCrash(report: Report): Report {
  const crash = lastCrashOfCheck();
  if (!crash || report.sent || report.thrown) return report;
  const target = safeTarget();
  if (target === undefined) return report;
  const [first = '', ...rest] = describeThrown(crash.error, target);
  return {
    ...report,
    thrown: [`${first} (answering ${crash.request} with a 5xx)`, ...rest],
    hint: thrownHint(crash.error, target) ?? report.hint,
  };
}

const HARNESS_FOLDER = fileURLToPath(new URL('.', import.meta.url));

const LABEL_WIDTH = 10;
const NOTHING = 'nothing that matches';
const BODY_EXCERPT = 300;

/** Lays a report out as labelled sections: Sent, Expected, Received, Differs, Hint. */
export function formatReport(report: Report): string {
  const sections: [string, readonly string[] | undefined][] = [
    ['Sent', report.sent],
    ['Expected', report.expected],
    // An expectation is only half a report: say that nothing matched rather than show none.
    ['Received', report.received?.length || !report.expected?.length ? report.received : [NOTHING]],
    ['Pipeline', report.pipeline],
    ['Thrown', report.thrown],
    ['Differs', report.differs],
    // `noHint` starts "no hint", which pointedHint (runChecks.ts) reads back.
    [
      'Hint',
      report.hint !== undefined
        ? [hintLine(report.hint)]
        : report.noHint === undefined
          ? undefined
          : [report.noHint],
    ],
  ];
  const lines = [report.summary, ''];
  for (const [label, content] of sections) {
    if (!content || content.length === 0) continue;
    content.forEach((line, index) => {
      const prefix = index === 0 ? `${label}:`.padEnd(LABEL_WIDTH) : ' '.repeat(LABEL_WIDTH);
      lines.push(`  ${prefix}${line}`);
    });
  }
  return lines.join('\n');
}

/** Where hint number `hint` of the current step is. */
export function hintLine(hint: number): string {
  const step = safeStep();
  const file = step ? `exercises/${step}/hints.md` : "this step's hints.md";
  // The command takes the step's number (the `02` of `02-ping`), then the hint's.
  const command = step ? `hint ${step.split('-')[0]} ${hint}` : 'hint';
  return `read hint ${hint}: press h in \`npm start\`, run \`npm run workshop -- ${command}\`, or read ${file}, Hint ${hint}`;
}

function safeTarget(): string | undefined {
  try {
    return checkContext().target;
  } catch {
    return undefined;
  }
}

function safeStep(): string | undefined {
  try {
    return checkContext().step;
  } catch {
    return undefined;
  }
}

/** The start of a text, cut at a readable length. */
export function excerpt(text: string, length = BODY_EXCERPT): string {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;
}

/** An error's message with the messages of its causes, for a report. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause === undefined ? '' : ` (${errorMessage(error.cause)})`;
  return `${error.message}${cause}`;
}
