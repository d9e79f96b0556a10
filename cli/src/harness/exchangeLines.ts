import { STATUS_CODES } from 'node:http';
import { checkContext } from './context.ts';
import type { Exchange } from './exchange.ts';
import { excerpt } from './report.ts';
import { describeThrown, THROWN_RECORDER } from './thrown.ts';

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
