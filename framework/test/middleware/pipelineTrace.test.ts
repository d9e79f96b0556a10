import {
  type Application,
  type ApplicationOptions,
  createApplication,
  errorMiddleware,
  json,
  type MiddlewareFunction,
  type PipelineTrace,
  text,
} from 'hyperpipe';
import { serve } from 'hyperpipe/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** One metric of a `Server-Timing` value: its name, duration and description. */
interface Metric {
  name: string;
  dur: number | undefined;
  desc: string | undefined;
}

/** Parses a `Server-Timing` value, failing on anything that is not metric syntax. */
function metrics(header: string | null): Metric[] {
  expect(header).not.toBeNull();
  const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
  const quoted = '"(?:[^"\\\\]|\\\\.)*"';
  const metric = new RegExp(`^(${token})((?:;${token}=(?:${token}|${quoted}))*)$`);
  return (header as string).split(', ').map((part) => {
    const match = metric.exec(part);
    expect(match, `metric syntax: ${part}`).not.toBeNull();
    const params = new Map(
      [...(match?.[2] ?? '').matchAll(new RegExp(`;(${token})=(${token}|${quoted})`, 'g'))].map(
        ([, key, value]) => [
          key,
          value?.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value,
        ],
      ),
    );
    const dur = params.get('dur');
    return {
      name: match?.[1] as string,
      dur: dur === undefined ? undefined : Number(dur),
      desc: params.get('desc'),
    };
  });
}

/** The descriptions of the entries' metrics, in order (without `route` and `total`). */
function entries(header: string | null): string[] {
  return metrics(header)
    .filter((metric) => /^\d+-/.test(metric.name))
    .map((metric) => metric.desc as string);
}

function described(header: string | null, name: string): string | undefined {
  return metrics(header).find((metric) => metric.name === name)?.desc;
}

const cors: MiddlewareFunction = function Cors(_request, response, next) {
  response.headers.set('access-control-allow-origin', '*');
  return next();
};

const jsonErrors = errorMiddleware(function JsonErrors(error) {
  const status = (error as { status?: number }).status ?? 500;
  return json({ status }, { status });
});

function app(options: ApplicationOptions = { trace: true }): Application {
  const built = createApplication(options);
  built.get('/ping', () => json({ ack: 1 }));
  return built;
}

async function get(target: Application, path: string, method = 'GET'): Promise<Response> {
  return target.handle(new Request(`http://localhost${path}`, { method }));
}

describe('the pipeline trace', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is off by default: no Server-Timing header', async () => {
    vi.stubEnv('HYPERPIPE_TRACE', '');
    expect((await get(app({}), '/ping')).headers.get('server-timing')).toBeNull();
    vi.stubEnv('HYPERPIPE_TRACE', '0');
    expect((await get(app({}), '/ping')).headers.get('server-timing')).toBeNull();
    expect((await get(app({ trace: false }), '/ping')).headers.get('server-timing')).toBeNull();
  });

  it('lists each entry that ran, in order, with its priority, what it did and its time', async () => {
    const traced = app();
    traced.pipe('/', cors, { priority: 100 });
    const answer = await get(traced, '/ping');
    const header = answer.headers.get('server-timing');
    expect(entries(header)).toEqual([
      'Cors priority 100 -> next()',
      'RoutingMiddleware priority 1 -> next()',
      'DispatchMiddleware priority 1 -> answered 200',
    ]);
    expect(metrics(header).map((metric) => metric.name)).toEqual([
      '1-cors',
      '2-routing',
      '3-dispatch',
      'route',
      'total',
    ]);
    expect(
      metrics(header).every((metric) => metric.name === 'route' || (metric.dur ?? -1) >= 0),
    ).toBe(true);
    expect(described(header, 'route')).toBe('/ping "/ping^GET" (GET)');
    expect(described(header, 'total')).toBe('200 from DispatchMiddleware');
    // The trace only adds a header: the answer is the same.
    expect(await answer.json()).toEqual({ ack: 1 });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('shows CORS at priority 0 running after routing, and the 404 of no route', async () => {
    const traced = app();
    traced.pipe('/', cors, { priority: 0 });
    const header = (await get(traced, '/nowhere')).headers.get('server-timing');
    expect(entries(header)).toEqual([
      'RoutingMiddleware priority 1 -> next()',
      'DispatchMiddleware priority 1 -> next()',
      'Cors priority 0 -> next()',
    ]);
    expect(described(header, 'route')).toBe('no route matched the path');
    expect(described(header, 'total')).toBe('404 from the final handler');
    // A routed answer never reaches it: the trace shows that too.
    const routed = (await get(traced, '/ping')).headers.get('server-timing');
    expect(entries(routed).some((entry) => entry.startsWith('Cors'))).toBe(false);
  });

  it('records a 405 with the methods of Allow, on the problem the error middleware answers', async () => {
    const traced = app();
    traced.pipe('/', jsonErrors, { priority: -10 });
    const answer = await get(traced, '/ping', 'DELETE');
    expect(answer.status).toBe(405);
    const header = answer.headers.get('server-timing');
    expect(entries(header)).toEqual([
      'RoutingMiddleware priority 1 -> threw 405 MethodNotAllowedError',
      'JsonErrors priority -10 -> answered 405',
    ]);
    expect(described(header, 'route')).toBe('405: the path allows only GET,HEAD (Allow)');
    expect(described(header, 'total')).toBe('405 from JsonErrors');
  });

  it('records a thrown error as "threw", without its message, also on a final handler 500', async () => {
    const traced = app({ trace: true, onError: () => {} });
    traced.get('/boom', () => {
      throw new TypeError('the database password is hunter2');
    });
    const answer = await get(traced, '/boom');
    expect(answer.status).toBe(500);
    const header = answer.headers.get('server-timing');
    expect(entries(header)).toEqual([
      'RoutingMiddleware priority 1 -> next()',
      'DispatchMiddleware priority 1 -> threw TypeError',
    ]);
    expect(described(header, 'total')).toBe('500 from the final handler');
    expect(header).not.toContain('hunter2');
  });

  it('nests the entries of a mounted application under it, and names the one that answered', async () => {
    const api = createApplication();
    api.get('/echo/{word}', (request) => text(request.param('word') ?? ''));
    const traced = app();
    traced.pipe('/api', api, { priority: 10 });
    const header = (await get(traced, '/api/echo/hi')).headers.get('server-timing');
    expect(entries(header)).toEqual([
      'Application priority 10 at /api -> answered 200',
      '> RoutingMiddleware priority 1 -> next()',
      '> DispatchMiddleware priority 1 -> answered 200',
    ]);
    expect(described(header, 'route')).toBe('/echo/{word} "/echo/{word}^GET" (GET)');
    expect(described(header, 'total')).toBe('200 from DispatchMiddleware');
    // Outside /api the mounted application does not run, and the trace does not list it.
    const outside = (await get(traced, '/ping')).headers.get('server-timing');
    expect(entries(outside)).toEqual([
      'RoutingMiddleware priority 1 -> next()',
      'DispatchMiddleware priority 1 -> answered 200',
    ]);
  });

  it('nests a route’s list of middleware, and error middleware passing the error on', async () => {
    const traced = app();
    const guard: MiddlewareFunction = function guard(_request, _response, next) {
      return next();
    };
    traced.get('/list', [guard, () => text('listed')]);
    const header = (await get(traced, '/list')).headers.get('server-timing');
    expect(entries(header)).toEqual([
      'RoutingMiddleware priority 1 -> next()',
      'DispatchMiddleware priority 1 -> answered 200',
      '> guard priority 1 -> next()',
      '> anonymous middleware priority 1 -> answered 200',
    ]);
    const passOn = errorMiddleware(function logOnly(_error, _request, _response, next) {
      return next();
    });
    // Throwing the error it was given passes it on too: it is not that middleware's own.
    const rethrow = errorMiddleware(function notMine(error) {
      throw error;
    });
    traced.pipe('/', passOn, { priority: -1 });
    traced.pipe('/', rethrow, { priority: -1 });
    traced.pipe('/', jsonErrors, { priority: -2 });
    const failed = (await get(traced, '/ping', 'PUT')).headers.get('server-timing');
    expect(entries(failed).slice(1)).toEqual([
      'logOnly priority -1 -> passed the error on',
      'notMine priority -1 -> passed the error on',
      'JsonErrors priority -2 -> answered 405',
    ]);
  });

  it('gives self time: an entry’s own time, without the time of the entries after it', async () => {
    const lines: PipelineTrace[] = [];
    const traced = app({ trace: (trace) => lines.push(trace) });
    traced.pipe('/', function slow(_request, _response, next) {
      const until = performance.now() + 20;
      while (performance.now() < until) {
        // busy: 20 ms of its own
      }
      return next();
    });
    traced.pipe(
      '/',
      function outer(_request, _response, next) {
        return next();
      },
      { priority: 5 },
    );
    await get(traced, '/nowhere');
    const [trace] = lines;
    const byName = new Map(trace?.entries.map((entry) => [entry.name, entry]));
    expect(byName.get('slow')?.selfMs).toBeGreaterThanOrEqual(19);
    expect(byName.get('outer')?.selfMs).toBeLessThan(10);
    expect(trace?.totalMs).toBeGreaterThanOrEqual(19);
  });

  it('hands each finished trace to a function given as the option', async () => {
    const seen: PipelineTrace[] = [];
    const traced = app({ trace: (trace) => seen.push(trace) });
    const answer = await get(traced, '/ping');
    expect(answer.headers.get('server-timing')).toContain('route;desc=');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.path).toBe('/ping');
    expect(seen[0]?.status).toBe(200);
    expect(seen[0]?.entries.map((entry) => entry.did)).toEqual(['next', 'answered']);
  });

  it('follows HYPERPIPE_TRACE: 1 adds the header, log also prints each trace to stderr', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    vi.stubEnv('HYPERPIPE_TRACE', '1');
    expect((await get(app({}), '/ping')).headers.get('server-timing')).toContain('2-dispatch');
    expect(printed).toEqual([]);
    vi.stubEnv('HYPERPIPE_TRACE', 'log');
    const logging = app({});
    logging.pipe('/', cors, { priority: 0 });
    expect((await get(logging, '/nowhere')).headers.get('server-timing')).toContain('3-cors');
    const text = printed.join('');
    expect(text).toMatch(/^GET \/nowhere → 404 in \d+\.\d\d ms\n/);
    expect(text).toMatch(/ {2}priority 1 +RoutingMiddleware +→ next\(\) +\d+\.\d\d ms\n/);
    expect(text).toMatch(/ {2}priority 0 +Cors +→ next\(\) +\d+\.\d\d ms\n/);
    expect(text).toContain('  route: no route matched the path\n');
    expect(text).toContain('  answer: 404 from the final handler\n');
  });

  it('keeps the header valid: printable ASCII, quotes escaped, on answers whose headers are frozen', async () => {
    const traced = createApplication({ trace: true });
    const odd = {
      'say "hi" → to\\them': (() =>
        Response.redirect('http://localhost/elsewhere', 302)) as MiddlewareFunction,
    };
    traced.pipe(odd['say "hi" → to\\them'] as MiddlewareFunction);
    const answer = await get(traced, '/');
    expect(answer.status).toBe(302);
    const header = answer.headers.get('server-timing');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(entries(header)).toEqual(['say "hi" ? to\\them priority 1 -> answered 302']);
  });

  it('adds the header to HEAD answers, which keep no body', async () => {
    const answer = await get(app(), '/ping', 'HEAD');
    expect(answer.headers.get('server-timing')).toContain('2-dispatch');
    expect(await answer.text()).toBe('');
  });

  it('never changes the answer on the wire: no Content-Type the application did not set', async () => {
    const headersOnTheWire = async (trace: boolean) => {
      const app = createApplication({ trace });
      // Written to the prototype without a content type, as a learner's first POST may be.
      app.post('/post', (_request, response) => response.write('IN POST!').toResponse());
      const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
      try {
        const answer = await fetch(`${server.url}/post`, { method: 'POST' });
        await answer.text();
        return answer.headers;
      } finally {
        await server.close();
      }
    };
    const [untraced, traced] = [await headersOnTheWire(false), await headersOnTheWire(true)];
    expect(untraced.get('content-type')).toBeNull();
    expect(traced.get('content-type')).toBeNull();
    expect(traced.get('server-timing')).toContain('answered 200');
  });
});
