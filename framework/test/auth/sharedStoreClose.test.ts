/**
 * A program that closes its server ends, shared store or not: the connection to Redis is
 * closed with the server (ApplicationEvents.SERVER_CLOSED), rather than keep the process alive.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProcess } from '../support/ownProcess.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';
import { useTemporaryFolder, writeHtpasswd } from './support.ts';

const folder = useTemporaryFolder();
const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});

/** A program that serves, sends one request with credentials, closes its server and stops there. */
function program(htpasswd: string, url = redis.url): string {
  return `
import { authConfigProvider } from ${JSON.stringify(join(SOURCE, 'auth/index.ts'))};
import { ApplicationFactory, createContainer, json } from ${JSON.stringify(join(SOURCE, 'index.ts'))};
const container = createContainer({
  ...authConfigProvider(),
  authentication: {
    realm: 'test',
    basic: { htpasswd: ${JSON.stringify(htpasswd)} },
    store: { redis: ${JSON.stringify(url)} },
  },
  middleware_pipeline: [{ middleware: [ApplicationFactory.ROUTING_MIDDLEWARE, 'AuthenticationMiddleware', ApplicationFactory.DISPATCH_MIDDLEWARE] }],
  routes: [{ path: '/', middleware: () => json({ ok: true }) }],
});
const server = await container.get('Application').run({ port: 0, hostname: '127.0.0.1', handleSignals: false }).catch((error) => {
  console.log('refused', error.message);
  return undefined;
});
if (server === undefined) process.exitCode = 3;
else {
const answer = await fetch(server.url, { headers: { authorization: 'Basic ' + btoa('sha:secret-sha') } });
console.log('answered', answer.status);
await server.close();
console.log('closed');
}
`;
}

/** Runs the program; resolves with its exit code and output, or `timeout` if it did not end. */
function run(file: string): Promise<{ code: number | 'timeout'; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: 'pipe' });
  ownProcess(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: 'timeout', output });
    }, 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

describe('closing a server whose application uses a shared store', () => {
  it('ends the process: the connection to Redis closes with the server', async () => {
    const here = folder();
    const file = join(here, 'closes.mts');
    writeFileSync(file, program(writeHtpasswd(here)));
    const { code, output } = await run(file);
    expect(output).toContain('answered 200');
    expect(output).toContain('closed');
    expect(code).toBe(0);
  }, 30_000);

  it('ends the process when the store stops the start: the connection is not retried for ever', async () => {
    const here = folder();
    const file = join(here, 'refused.mts');
    writeFileSync(file, program(writeHtpasswd(here), `redis://127.0.0.1:${await closedPort()}`));
    const { code, output } = await run(file);
    expect(output).toMatch(/refused authentication\.store\.redis: .*127\.0\.0\.1/);
    expect(code).toBe(3);
  }, 30_000);
});

/** A port nothing listens on: one just closed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
