import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCheckContext } from '../src/harness/context.ts';
import { send } from '../src/harness/exchange.ts';
import { expectResponse, expectThat } from '../src/harness/expect.ts';
import { closeTargetApps, loadCreateApp } from '../src/harness/target.ts';
import { firstFrameIn, forgetCrash, setHandlerHints } from '../src/harness/thrown.ts';
import { REPO_ROOT } from '../src/workshop/paths.ts';

const HYPERPIPE = join(REPO_ROOT, 'framework/src/index.ts');

// A learner's application whose handler throws, and whose own error middleware turns every
// error into a bare 500 that names no cause, as step 04's jsonErrors does.
const APP = `import { createApplication } from '${HYPERPIPE}';
export function createApp() {
  const app = createApplication();
  app.get('/boom', () => {
    const settings = undefined as unknown as { zone: string };
    return new Response(settings.zone);
  });
  app.get('/fine', () => new Response('fine'));
  app.pipe('/', (_error, _request, _response, _next) =>
    new Response('{"status":500,"error":"Internal Server Error"}', { status: 500 }), { error: true, priority: -100 });
  return app;
}
`;

function failureOf(check: () => void): string {
  try {
    check();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the check passed');
}

describe('a 500 shows what the application threw', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hyperpipe-thrown-'));
    await mkdir(join(folder, 'src'));
    await writeFile(join(folder, 'src/app.ts'), APP);
    setCheckContext({ target: folder, step: '04-pipeline-priorities' });
  });
  afterAll(async () => {
    closeTargetApps();
    setCheckContext(undefined);
    await rm(folder, { recursive: true });
  });

  it('names the error and the line of the learner file it came from, whatever the error middleware answered', async () => {
    const exchange = await send('GET', '/boom');
    expect(exchange.status).toBe(500);
    const message = failureOf(() => expectResponse(exchange, { status: 200 }));
    expect(message).toMatch(
      /Thrown: +TypeError: Cannot read properties of undefined \(reading 'zone'\)\n +at src\/app\.ts:6:\d+/,
    );
    const condition = failureOf(() => expectThat(false, { expected: 'a zone', exchange }));
    expect(condition).toContain(
      "Thrown:   TypeError: Cannot read properties of undefined (reading 'zone')",
    );
  });

  it('does not blame a later answer for an earlier error', async () => {
    await send('GET', '/boom');
    const fine = await send('GET', '/fine');
    expect(fine.thrown).toBeUndefined();
    expect(failureOf(() => expectResponse(fine, { status: 201 }))).not.toContain('Thrown:');
    // An empty object asks for any JSON object: no "JSON body with {  }".
    const json = failureOf(() => expectResponse(fine, { json: {} }));
    expect(json).toContain('Expected: a JSON object as body');
    expect(json).not.toMatch(/\{ +\}/);
  });

  it('shows it for an application a check built itself, with a catalogue of its own', async () => {
    const createApp = await loadCreateApp();
    const app = await createApp();
    const exchange = await send('GET', '/boom', { app });
    const message = failureOf(() => expectResponse(exchange, { status: 200 }, { hint: 1 }));
    expect(message).toMatch(/Thrown: +TypeError: Cannot read properties of undefined/);
    expect(message).toMatch(/at src\/app\.ts:6:\d+/);
  });

  it('names the hint of the file that threw, whatever the check was about', async () => {
    setHandlerHints({ 'src/app.ts': 7 });
    try {
      const exchange = await send('GET', '/boom');
      const message = failureOf(() => expectResponse(exchange, { status: 200 }, { hint: 1 }));
      expect(message).toMatch(/Hint: +read hint 7/);
      const fine = await send('GET', '/fine');
      expect(failureOf(() => expectResponse(fine, { status: 201 }, { hint: 1 }))).toMatch(
        /Hint: +read hint 1/,
      );
    } finally {
      setHandlerHints({});
    }
  });

  it('shows the crash in a failure of the same check that shows no answer of its own', async () => {
    forgetCrash();
    await send('GET', '/boom');
    await send('GET', '/fine');
    const message = failureOf(() => expectThat(false, { expected: 'a talk with speakers' }));
    expect(message).toMatch(
      /Thrown: +TypeError: Cannot read properties of undefined \(reading 'zone'\) \(answering GET \/boom with a 5xx\)\n +at src\/app\.ts:6:\d+/,
    );
    forgetCrash();
    expect(failureOf(() => expectThat(false, { expected: 'a talk' }))).not.toContain('Thrown:');
  });
});

describe('the first stack frame in the learner files', () => {
  it('skips frames outside the folder and in its node_modules', () => {
    const stack = [
      'TypeError: x',
      '    at run (/repo/framework/src/pipe.ts:3:4)',
      '    at lib (/work/ws/node_modules/lib/index.js:1:1)',
      '    at Handler.process (/work/ws/src/handlers/Ping.ts:12:9)',
      '    at /work/ws/src/app.ts:2:2',
    ].join('\n');
    expect(firstFrameIn(stack, '/work/ws')).toBe('src/handlers/Ping.ts:12:9');
    expect(firstFrameIn(stack, '/elsewhere')).toBeUndefined();
  });
});

describe('expectations always come with what was received', () => {
  it('shows Received even when the check gave nothing for it', () => {
    const message = failureOf(() => expectThat(false, { expected: 'a route for /hello' }));
    expect(message).toMatch(/Expected: a route for \/hello\n +Received: nothing that matches/);
  });
});
