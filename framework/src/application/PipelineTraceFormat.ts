import { HttpError } from '../http/HttpError.ts';
import type { RouteResult } from '../router/RouteResult.ts';
import type { PipelineTrace, TraceEntry } from './PipelineTrace.ts';

/*
 * A trace in two forms: text lines for a terminal, and a `Server-Timing` header value
 * (W3C Server Timing), which browsers' developer tools show beside the request's timings.
 */

/** Entries beyond this many are summed up in one metric: a header must stay small. */
const MAX_METRICS = 30;
/** A description longer than this is cut. */
const MAX_DESCRIPTION = 120;

/**
 * What an entry did, in words: `answered 200`, `next()`, `passed the error on`,
 * `threw TypeError`, `threw 405 MethodNotAllowedError`.
 */
export function outcomeOf(entry: TraceEntry): string {
  switch (entry.did) {
    case 'answered':
      return entry.status === undefined ? 'returned no response' : `answered ${entry.status}`;
    case 'next':
      return entry.handlingError ? 'passed the error on' : 'next()';
    case 'threw':
      return `threw ${errorName(entry.thrown)}`;
    default:
      return 'did not finish';
  }
}

/** What routing found, in words. */
export function routeOf(route: RouteResult | undefined): string {
  if (route === undefined) return 'no routing ran';
  if (route.allowedMethods !== undefined) {
    return `405: the path allows only ${route.allowedMethods.join(',')} (Allow)`;
  }
  if (route.route === undefined) return 'no route matched the path';
  const { path, methods, name } = route.route;
  return `${path} "${name}" (${methods === undefined ? 'any method' : methods.join(',')})`;
}

/** Who produced the answer, in words: `404 from the final handler`. */
export function answerOf(trace: PipelineTrace): string {
  const by = trace.answeredBy;
  return `${trace.status} from ${by === undefined ? 'the final handler' : by.name}`;
}

/**
 * The trace as text for a terminal: a heading, one line per entry (nested ones indented),
 * the route and who answered.
 *
 * @example
 * ```text
 * GET /nowhere → 404 in 0.41 ms
 *   priority 1    RoutingMiddleware    → next()        0.05 ms
 *   priority 1    DispatchMiddleware   → next()        0.01 ms
 *   priority 0    Cors                 → next()        0.02 ms
 *   route: no route matched the path
 *   answer: 404 from the final handler
 * ```
 */
export function traceLines(trace: PipelineTrace): string[] {
  const nameWidth = Math.max(0, ...trace.entries.map((entry) => entryName(entry).length));
  const outcomeWidth = Math.max(0, ...trace.entries.map((entry) => outcomeOf(entry).length));
  return [
    `${trace.method} ${trace.path} → ${trace.status} in ${ms(trace.totalMs)}`,
    ...trace.entries.map(
      (entry) =>
        `  priority ${String(entry.priority).padEnd(4)} ${entryName(entry).padEnd(nameWidth)} → ` +
        `${outcomeOf(entry).padEnd(outcomeWidth)}  ${ms(entry.selfMs)}`,
    ),
    `  route: ${routeOf(trace.route)}`,
    `  answer: ${answerOf(trace)}`,
  ];
}

/**
 * The trace as a `Server-Timing` value: one metric per entry, in order, named by position
 * and middleware (`3-cors`), with its self time and a description; then `route` and
 * `total`, whose description says who answered. A nested entry's description starts with
 * one `>` per level.
 *
 * @example
 * ```text
 * 1-routing;dur=0.05;desc="RoutingMiddleware priority 1 -> next()",
 * route;desc="no route matched the path", …
 * ```
 */
export function serverTiming(trace: PipelineTrace): string {
  const metrics = trace.entries.slice(0, MAX_METRICS).map((entry, index) => {
    const nesting = '>'.repeat(entry.depth);
    const place = entry.prefix === '' ? '' : ` at ${entry.prefix}`;
    const description = `${nesting}${nesting && ' '}${entry.name} priority ${entry.priority}${place} -> ${outcomeOf(entry)}`;
    return `${index + 1}-${token(entry.name)};dur=${duration(entry.selfMs)};desc=${quoted(description)}`;
  });
  const left = trace.entries.length - MAX_METRICS;
  if (left > 0) metrics.push(`more;desc=${quoted(`${left} more entries`)}`);
  metrics.push(`route;desc=${quoted(routeOf(trace.route))}`);
  metrics.push(`total;dur=${duration(trace.totalMs)};desc=${quoted(answerOf(trace))}`);
  return metrics.join(', ');
}

function entryName(entry: TraceEntry): string {
  const place = entry.prefix === '' ? '' : ` at ${entry.prefix}`;
  return `${'  '.repeat(entry.depth)}${entry.name}${place}`;
}

/** An error's name, with the status of an HTTP error; never its message, which may be private. */
function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return error instanceof HttpError ? `${error.status} ${name}` : name;
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function duration(value: number): string {
  return value.toFixed(2);
}

/** A metric name: a token made of the middleware's name, `CorsMiddleware` → `cors`. */
function token(name: string): string {
  const words = name
    .replace(/Middleware$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 30) || 'middleware';
}

/** A quoted-string: printable ASCII only (a header is not Unicode), `"` and `\` escaped. */
function quoted(text: string): string {
  const cut = text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 3)}...` : text;
  return `"${cut.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`;
}
