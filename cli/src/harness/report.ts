import { STATUS_CODES } from 'node:http';
import { fileURLToPath } from 'node:url';
import { checkContext } from './context.ts';
import type { Exchange } from './exchange.ts';
import { describeThrown, THROWN_RECORDER } from './thrown.ts';

/**
 * Decides whether a value is acceptable. vitest's asymmetric matchers (`expect.any(Number)`,
 * `expect.stringMatching(…)`) are matchers, and so is what {@link satisfies} returns.
 */
export interface Matcher {
  /** Whether the value is acceptable. */
  asymmetricMatch(actual: unknown): boolean;
  /** What is acceptable, in words. */
  toString(): string;
}

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
  /** The way the request took through the application's pipeline (see {@link pipelineLines}). */
  pipeline?: readonly string[] | undefined;
  /** What the application threw while answering, and where in the learner's files. */
  thrown?: readonly string[] | undefined;
  /** Each way the answer differs from what was wanted. */
  differs?: readonly string[] | undefined;
  /** The number of the hint (in the step's hints.md) that helps. */
  hint?: number | undefined;
}

/** A check that failed, with a message that speaks to the learner. */
export class CheckFailure extends Error {
  /**
   * Creates the failure.
   *
   * @param report - what was sent, expected and received, and which hint to read
   */
  constructor(report: Report) {
    super(formatReport(report));
    this.name = 'CheckFailure';
    // The learner's check file, not the harness, is where the failure should point.
    this.stack = this.stack
      ?.split('\n')
      .filter((line) => !line.includes(HARNESS_FOLDER))
      .join('\n');
  }
}

const HARNESS_FOLDER = fileURLToPath(new URL('.', import.meta.url));

const LABEL_WIDTH = 10;
const NOTHING = 'nothing that matches';
const BODY_EXCERPT = 300;
// Headers every answer has and that never explain a failure; the pipeline trace in
// Server-Timing has a section of its own.
const QUIET_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'server-timing',
]);

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
    ['Hint', report.hint === undefined ? undefined : [hintLine(report.hint)]],
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

function safeStep(): string | undefined {
  try {
    return checkContext().step;
  } catch {
    return undefined;
  }
}

/** The request of an exchange, as report lines. */
export function sentLines(exchange: Exchange): string[] {
  const { method, url, headers, body } = exchange.request;
  const lines = [`${method} ${url}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(...indentBody(excerpt(body)));
  return lines;
}

/** The answer of an exchange, as report lines: status, headers, a body excerpt. */
export function receivedLines(exchange: Exchange): string[] {
  const lines = [`status ${exchange.status} ${STATUS_CODES[exchange.status] ?? ''}`.trimEnd()];
  exchange.headers.forEach((value, name) => {
    if (!QUIET_HEADERS.has(name)) lines.push(`${name}: ${value}`);
  });
  lines.push(...(exchange.text === '' ? ['(empty body)'] : indentBody(excerpt(exchange.text))));
  return lines;
}

/**
 * The way the request of an exchange took through the application's pipeline, as report
 * lines: one per entry that ran, then the route and who answered. Read from the answer's
 * `Server-Timing` header, which Hyperpipe adds when tracing is on (the checks turn it on);
 * `undefined` when the answer has none.
 */
export function pipelineLines(exchange: Exchange): string[] | undefined {
  const header = exchange.headers.get('server-timing');
  if (header === null) return undefined;
  const metrics = parseServerTiming(header);
  const entries = metrics.flatMap((metric) => {
    const entry = TRACED_ENTRY.exec(metric.description ?? '');
    if (metric.name === 'route' || metric.name === 'total') return [];
    if (!entry)
      return [
        { name: metric.description ?? metric.name, priority: '', did: '', ms: metric.duration },
      ];
    const [, nesting = '', name = '', priority = '', prefix, did = ''] = entry;
    // The checks' own error recorder is not the learner's middleware.
    if (name === THROWN_RECORDER) return [];
    const place = prefix === undefined ? '' : ` at ${prefix}`;
    return [
      { name: `${'  '.repeat(nesting.length)}${name}${place}`, priority, did, ms: metric.duration },
    ];
  });
  const nameWidth = Math.max(0, ...entries.map((entry) => entry.name.length));
  const didWidth = Math.max(0, ...entries.map((entry) => entry.did.length));
  const priorityWidth = Math.max(0, ...entries.map((entry) => entry.priority.length));
  const lines = entries.map(({ name, priority, did, ms }) =>
    [
      priority === '' ? '' : `priority ${priority.padEnd(priorityWidth)}  `,
      name.padEnd(nameWidth),
      did === '' ? '' : ` → ${did.padEnd(didWidth)}`,
      ms === undefined ? '' : `  ${ms.toFixed(2)} ms`,
    ]
      .join('')
      .trimEnd(),
  );
  const described = (name: string) => metrics.find((metric) => metric.name === name)?.description;
  const route = described('route');
  const answer = described('total');
  if (route !== undefined) lines.push(`route: ${route}`);
  if (answer !== undefined) lines.push(`answer: ${answer}`);
  return lines.length > 0 ? lines : undefined;
}

/** An entry's description as Hyperpipe writes it: `> Name priority 1 at /api -> next()`. */
const TRACED_ENTRY = /^(>*)\s*(.+?) priority (-?\d+)(?: at (\/\S*))? -> (.+)$/;

interface Metric {
  name: string;
  duration: number | undefined;
  description: string | undefined;
}

/** The metrics of a `Server-Timing` value (W3C Server Timing): `name;dur=1.2;desc="…"`, comma-separated. */
export function parseServerTiming(header: string): Metric[] {
  const metric =
    /\s*([^\s;,]+)((?:\s*;\s*[^\s;,=]+\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^\s;,]*))*)\s*(?:,|$)/gy;
  const parameter = /;\s*([^\s;,=]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s;,]*)/g;
  const metrics: Metric[] = [];
  for (const [whole, name = '', parameters = ''] of header.matchAll(metric)) {
    if (whole === '') break;
    const values = new Map<string, string>();
    for (const [, key = '', value = ''] of parameters.matchAll(parameter)) {
      values.set(
        key.toLowerCase(),
        value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value,
      );
    }
    const duration = Number.parseFloat(values.get('dur') ?? '');
    metrics.push({
      name,
      duration: Number.isFinite(duration) ? duration : undefined,
      description: values.get('desc'),
    });
  }
  return metrics;
}

/** What the application threw while giving the answer of an exchange, as report lines. */
export function thrownLines(exchange: Exchange): string[] | undefined {
  return 'thrown' in exchange ? describeThrown(exchange.thrown, checkContext().target) : undefined;
}

function indentBody(body: string): string[] {
  return body.split('\n');
}

/** The start of a text, cut at a readable length. */
export function excerpt(text: string, length = BODY_EXCERPT): string {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;
}

/** Whether a value is a {@link Matcher}. */
export function isMatcher(value: unknown): value is Matcher {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Matcher).asymmetricMatch === 'function'
  );
}

/**
 * A value as a report shows it: JSON, except that matchers show what they accept and
 * regular expressions show as `/…/`.
 */
export function show(value: unknown): string {
  if (isMatcher(value)) {
    const description = describeMatcher(value);
    return description.includes('<') ? description : `<${description}>`;
  }
  if (value instanceof RegExp) return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    if (Object.keys(value).length === 0) return '{}';
    const members = Object.entries(value).map(
      ([key, member]) => `${JSON.stringify(key)}: ${show(member)}`,
    );
    return `{ ${members.join(', ')} }`;
  }
  return JSON.stringify(value) ?? String(value);
}

function describeMatcher(matcher: Matcher): string {
  // vitest's own matchers describe themselves best through toAsymmetricMatcher().
  const own = (matcher as { toAsymmetricMatcher?: () => string }).toAsymmetricMatcher;
  return typeof own === 'function' ? own.call(matcher) : matcher.toString();
}

/**
 * A matcher from a predicate and the words that describe what it accepts, which are
 * what the learner reads: `satisfies(Number.isInteger, 'an integer')`.
 */
export function satisfies(predicate: (actual: unknown) => boolean, description: string): Matcher {
  return {
    asymmetricMatch: (actual) => predicate(actual),
    toString: () => description,
  };
}

/**
 * Compares a value with what was expected, where the expected value may hold matchers
 * and regular expressions, and objects need only have the members listed. Returns the
 * differences, one line each; none when the value is acceptable.
 */
export function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (isMatcher(expected)) {
    return expected.asymmetricMatch(actual)
      ? []
      : [`${path} is ${show(actual)}, expected ${show(expected)}`];
  }
  if (expected instanceof RegExp) {
    return typeof actual === 'string' && expected.test(actual)
      ? []
      : [`${path} is ${show(actual)}, expected a text matching ${expected}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path} is ${show(actual)}, expected a list`];
    if (actual.length !== expected.length) {
      return [`${path} has ${actual.length} items, expected ${expected.length}`];
    }
    return expected.flatMap((item, index) => differences(actual[index], item, `${path}[${index}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return [`${path} is ${show(actual)}, expected an object`];
    }
    return Object.entries(expected).flatMap(([key, member]) =>
      Object.hasOwn(actual, key)
        ? differences((actual as Record<string, unknown>)[key], member, `${path}.${key}`)
        : [`${path}.${key} is missing`],
    );
  }
  return Object.is(actual, expected)
    ? []
    : [`${path} is ${show(actual)}, expected ${show(expected)}`];
}

/** An error's message with the messages of its causes, for a report. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause === undefined ? '' : ` (${errorMessage(error.cause)})`;
  return `${error.message}${cause}`;
}
