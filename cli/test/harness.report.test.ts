import { createApplication, errorMiddleware, json, type MiddlewareFunction } from 'hyperpipe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCheckContext } from '../src/harness/context.ts';
import type { Exchange } from '../src/harness/exchange.ts';
import { parseServerTiming, pipelineLines } from '../src/harness/exchangeLines.ts';
import { expectResponse, expectThat } from '../src/harness/expect.ts';
import { differences, satisfies } from '../src/harness/matchers.ts';
import { CheckFailure } from '../src/harness/report.ts';
import { recordThrown } from '../src/harness/thrown.ts';

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  const text = overrides.text ?? 'Cannot DELETE /ping';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    request: { method: 'DELETE', url: 'http://conference.test/ping', headers: {} },
    status: 404,
    headers: new Headers({ 'content-type': 'text/plain; charset=utf-8', date: 'today' }),
    text,
    json,
    isJson: json !== undefined,
    ...overrides,
  };
}

function failureOf(check: () => void): CheckFailure {
  try {
    check();
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  }
  throw new Error('the check did not fail');
}

beforeEach(() => setCheckContext({ target: '/nowhere', step: '02-ping' }));
afterEach(() => setCheckContext(undefined));

describe('expectResponse', () => {
  it('passes when the answer meets every part of the expectation', () => {
    const ok = exchange({
      status: 405,
      headers: new Headers({ allow: 'GET', 'content-type': 'application/json' }),
      text: '{"status":405,"error":"Method Not Allowed","extra":true}',
    });
    expect(() =>
      expectResponse(ok, {
        status: 405,
        headers: { Allow: 'GET', 'x-missing': null, 'content-type': /json/ },
        json: { status: 405, error: expect.any(String) },
      }),
    ).not.toThrow();
  });

  it('reports what was sent, expected and received, what differs, and which hint to read', () => {
    const failure = failureOf(() =>
      expectResponse(exchange(), { status: 405, headers: { allow: 'GET' } }, { hint: 2 }),
    );
    expect(failure.name).toBe('CheckFailure');
    expect(failure.message).toBe(
      [
        'DELETE /ping: status is 404, not 405',
        '',
        '  Sent:     DELETE http://conference.test/ping',
        '  Expected: status 405',
        '            allow: "GET"',
        '  Received: status 404 Not Found',
        '            content-type: text/plain; charset=utf-8',
        '            Cannot DELETE /ping',
        '  Differs:  status is 404, not 405',
        '            header allow is missing',
        '  Hint:     read hint 2: press h in `npm start`, run `npm run workshop -- hint 02 2`, or read exercises/02-ping/hints.md, Hint 2',
      ].join('\n'),
    );
  });

  it('shows the body sent, and an excerpt of a long body received', () => {
    const failure = failureOf(() =>
      expectResponse(
        exchange({
          request: {
            method: 'POST',
            url: 'http://conference.test/timezone',
            headers: { 'content-type': 'application/json' },
            body: '{"timezone":"Mars/Base"}',
          },
          status: 200,
          text: 'x'.repeat(400),
        }),
        { status: 422 },
      ),
    );
    expect(failure.message).toContain(
      '  Sent:     POST http://conference.test/timezone\n' +
        '            content-type: application/json\n' +
        '            {"timezone":"Mars/Base"}',
    );
    expect(failure.message).toContain(`${'x'.repeat(300)}… (400 characters)`);
    expect(failure.message).not.toContain('Hint:');
  });

  it('describes matchers in words, and reports each JSON difference by path', () => {
    const now = satisfies(Number.isInteger, 'the current Unix time in whole seconds');
    const failure = failureOf(() =>
      expectResponse(
        exchange({ status: 200, text: '{"ack":"soon","items":[1]}' }),
        { json: { ack: now, items: [1, 2], name: 'ping' } },
        { hint: 1 },
      ),
    );
    expect(failure.message).toContain(
      'JSON body with { "ack": <the current Unix time in whole seconds>, "items": [1, 2], "name": "ping" }',
    );
    expect(failure.message).toContain(
      '  Differs:  json.ack is "soon", expected <the current Unix time in whole seconds>\n' +
        '            json.items has 1 items, expected 2\n' +
        '            json.name is missing',
    );
  });

  it('says so when the body is not JSON, or a header should be absent', () => {
    const failure = failureOf(() =>
      expectResponse(exchange(), { headers: { 'content-type': null }, json: {} }),
    );
    expect(failure.message).toContain(
      'header content-type is "text/plain; charset=utf-8", but should not be there',
    );
    expect(failure.message).toContain('the body is not JSON');
  });

  it('points the stack at the check, not at the harness', () => {
    const failure = failureOf(() => expectResponse(exchange(), { status: 200 }));
    expect(failure.stack).toContain('harness.report.test.ts');
    expect(failure.stack).not.toContain('/cli/src/harness/');
  });
});

describe('expectThat', () => {
  it('passes on a truthy condition', () => {
    expect(() => expectThat(1, { expected: 'anything' })).not.toThrow();
  });

  it('reports the expectation in words, with the exchange when there is one', () => {
    const failure = failureOf(() =>
      expectThat(false, {
        expected: ['a CORS header', 'from the local configuration'],
        received: 'none',
        exchange: exchange(),
        hint: 6,
      }),
    );
    expect(failure.message.split('\n')[0]).toBe('DELETE /ping: expected a CORS header');
    expect(failure.message).toContain(
      '  Expected: a CORS header\n            from the local configuration\n  Received: none\n            status 404 Not Found',
    );
    expect(failure.message).toContain('read hint 6');
  });

  it('works without an exchange, and without a known step', () => {
    setCheckContext({ target: '/nowhere' });
    const failure = failureOf(() =>
      expectThat(undefined, { expected: 'a container', received: 'none', hint: 3 }),
    );
    expect(failure.message).toBe(
      [
        'Expected a container',
        '',
        '  Expected: a container',
        '  Received: none',
        "  Hint:     read hint 3: press h in `npm start`, run `npm run workshop -- hint`, or read this step's hints.md, Hint 3",
      ].join('\n'),
    );
  });
});

describe('the Pipeline section', () => {
  /** A traced application as a learner might wire it: CORS at priority 0, after routing. */
  async function tracedExchange(method: string, path: string): Promise<Exchange> {
    const app = createApplication({ trace: true });
    const cors: MiddlewareFunction = function Cors(_request, response, next) {
      response.headers.set('access-control-allow-origin', '*');
      return next();
    };
    app.pipe('/', cors, { priority: 0 });
    app.pipe(
      '/',
      errorMiddleware(function JsonErrors(error) {
        const status = (error as { status?: number }).status ?? 500;
        return json({ status }, { status });
      }),
      { priority: -100 },
    );
    app.get('/ping', () => json({ ack: 1 }));
    recordThrown(app);
    const response = await app.handle(new Request(`http://conference.test${path}`, { method }));
    return exchange({
      request: { method, url: `http://conference.test${path}`, headers: {} },
      status: response.status,
      headers: response.headers,
      text: await response.text(),
    });
  }

  it('shows each entry of the pipeline in order, the route and who answered, from Server-Timing', async () => {
    const answer = await tracedExchange('GET', '/nowhere');
    const failure = failureOf(() =>
      expectResponse(answer, { headers: { 'access-control-allow-origin': null } }, { hint: 2 }),
    );
    const lines = failure.message.split('\n');
    const start = lines.findIndex((line) => line.startsWith('  Pipeline: '));
    expect(
      lines.slice(start, start + 5).map((line) => line.replace(/\d+\.\d\d ms$/, 'N ms')),
    ).toEqual([
      '  Pipeline: priority 1  RoutingMiddleware  → next()  N ms',
      '            priority 1  DispatchMiddleware → next()  N ms',
      '            priority 0  Cors               → next()  N ms',
      '            route: no route matched the path',
      '            answer: 404 from the final handler',
    ]);
    // After Received, before Differs; the raw header is not among the headers received.
    expect(lines[start - 1]).toBe('            Cannot GET /nowhere');
    expect(lines[start + 5]).toMatch(/^ {2}Differs: /);
    expect(failure.message).not.toMatch(/server-timing/i);
  });

  it("leaves out the checks' own error recorder, and shows the 405 and the error middleware", async () => {
    const answer = await tracedExchange('DELETE', '/ping');
    expect(answer.headers.get('server-timing')).toContain('thrown-error recorder');
    const lines = pipelineLines(answer) ?? [];
    expect(lines.map((line) => line.replace(/\s+\d+\.\d\d ms$/, ''))).toEqual([
      'priority 1     RoutingMiddleware → threw 405 MethodNotAllowedError',
      'priority -100  JsonErrors        → answered 405',
      'route: 405: the path allows only GET,HEAD (Allow)',
      'answer: 405 from JsonErrors',
    ]);
  });

  it('is left out when the answer has no Server-Timing header', () => {
    expect(pipelineLines(exchange())).toBeUndefined();
    const failure = failureOf(() => expectResponse(exchange(), { status: 405 }));
    expect(failure.message).not.toContain('Pipeline:');
  });

  it('reads any Server-Timing value, quoted descriptions with commas included', () => {
    expect(parseServerTiming('db;dur=53, cache;desc="Cache, \\"read\\"";dur=23.2, miss')).toEqual([
      { name: 'db', duration: 53, description: undefined },
      { name: 'cache', duration: 23.2, description: 'Cache, "read"' },
      { name: 'miss', duration: undefined, description: undefined },
    ]);
    expect(
      pipelineLines(exchange({ headers: new Headers({ 'server-timing': 'db;dur=53' }) })),
    ).toEqual(['db  53.00 ms']);
  });
});

describe('differences', () => {
  it('compares objects by the members expected, lists by every item', () => {
    expect(differences({ a: { b: 1 }, extra: 1 }, { a: { b: 1 } }, 'json')).toEqual([]);
    expect(differences({ a: { b: 1 } }, { a: { b: 2 }, c: 1 }, 'json')).toEqual([
      'json.a.b is 1, expected 2',
      'json.c is missing',
    ]);
    expect(differences([{ id: 1 }, { id: 3 }], [{ id: 1 }, { id: 2 }], 'json')).toEqual([
      'json[1].id is 3, expected 2',
    ]);
    expect(differences('Europe/Paris', /^Europe\//, 'json')).toEqual([]);
    expect(differences(null, {}, 'json')).toEqual(['json is null, expected an object']);
  });
});
