import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The root import is the core alone: a hello world written against `hyperpipe` loads no
 * authentication, SQLite or OAuth2 code. A fresh Node process runs it with a load hook that
 * records every module it loads, ES modules and CommonJS alike.
 */

const FRAMEWORK = fileURLToPath(new URL('../', import.meta.url));

const HELLO_WORLD = `
import { registerHooks } from 'node:module';

const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
const { createApplication, json } = await import('hyperpipe');
const app = createApplication();
app.get('/', () => json({ hello: 'world' }));
const server = await app.run({ port: 0, hostname: '127.0.0.1' });
await server.close();
console.log(JSON.stringify(loaded));
`;

/** The URLs of the modules a hello world loads, from import to a closed server. */
function modulesOfHelloWorld(): string[] {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    ['--input-type=module', '--eval', HELLO_WORLD],
    { cwd: FRAMEWORK, encoding: 'utf8' },
  );
  if (status !== 0) throw new Error(`the hello world failed:\n${stderr}`);
  return JSON.parse(stdout) as string[];
}

describe("a hello world on 'hyperpipe'", () => {
  const modules = modulesOfHelloWorld();

  it('loads the framework (the recorder sees it)', () => {
    expect(modules.some((url) => url.endsWith('/framework/src/index.ts'))).toBe(true);
    expect(modules.some((url) => url.includes('/framework/src/application/'))).toBe(true);
  });

  it.each([
    ['the authentication stack', '/framework/src/auth/'],
    ['SQLite', '/node_modules/better-sqlite3/'],
    ['the OAuth2 server', '/node_modules/@node-oauth/'],
    ['bcrypt', '/node_modules/bcryptjs/'],
    ['the rate limiter', '/node_modules/rate-limiter-flexible/'],
  ])('loads nothing of %s', (_, folder) => {
    expect(modules.filter((url) => url.includes(folder))).toEqual([]);
  });
});
