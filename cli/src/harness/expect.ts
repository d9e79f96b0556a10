import { checkContext } from './context.ts';
import type { Exchange } from './exchange.ts';
import { pipelineLines, receivedLines, sentLines, thrownLines } from './exchangeLines.ts';
import { differences, isMatcher, type Matcher, show } from './matchers.ts';
import { CheckFailure, excerpt } from './report.ts';
import { thrownHint } from './thrown.ts';

/** What an answer must look like; only what is given is checked. */
export interface ResponseExpectation {
  /** The status code. */
  status?: number;
  /** Header values (names in any case): a text, a pattern, a matcher, or `null` for "absent". */
  headers?: Readonly<Record<string, string | RegExp | Matcher | null>>;
  /** The body as text: equal to a text, matching a pattern, or accepted by a matcher. */
  text?: string | RegExp | Matcher;
  /**
   * The body as JSON. Objects need only have the members listed; members may be matchers
   * such as `expect.any(Number)` or {@link satisfies}.
   */
  json?: unknown;
}

/** Options of the expectations. */
export interface CheckOptions {
  /** The hint, in the step's hints.md, that helps when this check fails. */
  hint?: number | undefined;
}

/**
 * Fails the check, with a report of what was sent, expected and received, unless the
 * answer of `exchange` meets `expected`.
 *
 * @example
 * ```ts
 * const exchange = await send('DELETE', '/ping');
 * expectResponse(exchange, { status: 405, headers: { allow: /GET/ } }, { hint: 3 });
 * ```
 */
export function expectResponse(
  exchange: Exchange,
  expected: ResponseExpectation,
  options: CheckOptions = {},
): void {
  const differs = responseDifferences(exchange, expected);
  if (differs.length === 0) return;
  throw new CheckFailure({
    summary: `${exchange.request.method} ${pathOf(exchange)}: ${differs[0]}`,
    sent: sentLines(exchange),
    expected: expectedLines(expected),
    received: receivedLines(exchange),
    pipeline: pipelineLines(exchange),
    thrown: thrownLines(exchange),
    differs,
    hint: hintFor(exchange, options.hint),
  });
}

/** What a check wants when it is not about one answer's shape. */
export interface Expectation extends CheckOptions {
  /** What was wanted, in words. */
  expected: string | readonly string[];
  /** What was found, in words; with an `exchange`, its answer is shown too. */
  received?: string | readonly string[] | undefined;
  /** The exchange the condition is about, if any. */
  exchange?: Exchange | undefined;
}

/**
 * Fails the check, with a report, unless `condition` holds: for what
 * {@link expectResponse} cannot express, such as "ack is within a few seconds of now".
 *
 * @example
 * ```ts
 * expectThat(app.container !== undefined, {
 *   expected: 'createApp builds the application with container.get(Application)',
 *   received: 'an application without a container',
 *   hint: 2,
 * });
 * ```
 */
export function expectThat(condition: unknown, expectation: Expectation): asserts condition {
  if (condition) return;
  const { exchange } = expectation;
  const expected = lines(expectation.expected);
  const found = lines(expectation.received);
  throw new CheckFailure({
    summary: exchange
      ? `${exchange.request.method} ${pathOf(exchange)}: expected ${expected[0]}`
      : `Expected ${expected[0]}`,
    sent: exchange ? sentLines(exchange) : undefined,
    expected,
    received: exchange ? [...found, ...receivedLines(exchange)] : found,
    pipeline: exchange ? pipelineLines(exchange) : undefined,
    thrown: exchange ? thrownLines(exchange) : undefined,
    hint: hintFor(exchange, expectation.hint),
  });
}

/**
 * The hint a failure names: when the answer was a crash, that of the file that threw (as
 * `setHandlerHints` names it), since whatever the check was about, that is what to fix first.
 */
function hintFor(exchange: Exchange | undefined, hint: number | undefined): number | undefined {
  if (!exchange || !('thrown' in exchange)) return hint;
  return thrownHint(exchange.thrown, checkContext().target) ?? hint;
}

function lines(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

function pathOf(exchange: Exchange): string {
  const url = new URL(exchange.request.url);
  return url.pathname + url.search;
}

/** Every way the answer differs from the expectation; empty when it meets it. */
export function responseDifferences(exchange: Exchange, expected: ResponseExpectation): string[] {
  const differs: string[] = [];
  if (expected.status !== undefined && exchange.status !== expected.status) {
    differs.push(`status is ${exchange.status}, not ${expected.status}`);
  }
  for (const [name, wanted] of Object.entries(expected.headers ?? {})) {
    const actual = exchange.headers.get(name);
    const header = `header ${name.toLowerCase()}`;
    if (wanted === null) {
      if (actual !== null) differs.push(`${header} is ${show(actual)}, but should not be there`);
    } else if (actual === null) {
      differs.push(`${header} is missing`);
    } else if (!accepts(wanted, actual)) {
      differs.push(`${header} is ${show(actual)}, expected ${describe(wanted)}`);
    }
  }
  if (expected.text !== undefined && !accepts(expected.text, exchange.text)) {
    differs.push(
      `the body is ${show(excerpt(exchange.text, 80))}, expected ${describe(expected.text)}`,
    );
  }
  if (expected.json !== undefined) {
    if (!exchange.isJson) differs.push('the body is not JSON');
    else differs.push(...differences(exchange.json, expected.json, 'json'));
  }
  return differs;
}

function accepts(wanted: string | RegExp | Matcher, actual: string): boolean {
  if (typeof wanted === 'string') return actual === wanted;
  if (wanted instanceof RegExp) return wanted.test(actual);
  return wanted.asymmetricMatch(actual);
}

function describe(wanted: string | RegExp | Matcher): string {
  if (wanted instanceof RegExp) return `a text matching ${wanted}`;
  return isMatcher(wanted) ? show(wanted) : JSON.stringify(wanted);
}

function expectedLines(expected: ResponseExpectation): string[] {
  const result: string[] = [];
  if (expected.status !== undefined) result.push(`status ${expected.status}`);
  for (const [name, wanted] of Object.entries(expected.headers ?? {})) {
    result.push(
      wanted === null
        ? `no header ${name.toLowerCase()}`
        : `${name.toLowerCase()}: ${describe(wanted)}`,
    );
  }
  if (expected.text !== undefined) result.push(`body: ${describe(expected.text)}`);
  if (expected.json !== undefined) result.push(jsonLine(expected.json));
  return result;
}

function jsonLine(json: unknown): string {
  // `{}` asks only for a JSON object; "JSON body with {}" reads as an empty body wanted.
  const isEmpty =
    typeof json === 'object' &&
    json !== null &&
    !Array.isArray(json) &&
    !isMatcher(json) &&
    Object.keys(json).length === 0;
  return isEmpty ? 'a JSON object as body' : `JSON body with ${show(json)}`;
}
