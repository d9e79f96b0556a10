import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * SQLite and the OAuth2 server load on first use: an application that authenticates with
 * Basic alone, built by the container from `authConfigProvider()`, loads neither. A fresh Node
 * process runs it ([`firstUseApplication.ts`](./firstUseApplication.ts)), serves a request with
 * the right password and one with a wrong one, and reports every module it loaded: through a
 * load hook (ES modules and CommonJS alike) and, as a second witness, CommonJS's own
 * `require.cache`. The same application with OAuth2 configured shows
 * that both witnesses see the two libraries when they are used.
 */

const FRAMEWORK = fileURLToPath(new URL('../../', import.meta.url));

const APPLICATION = fileURLToPath(new URL('./firstUseApplication.ts', import.meta.url));

interface Run {
  /** The status of each request, in the order sent. */
  statuses: number[];
  /** The URL of every module the load hook saw. */
  loaded: string[];
  /** The files in CommonJS's module cache at the end. */
  required: string[];
}

function run(...args: string[]): Run {
  const { status, stdout, stderr } = spawnSync(process.execPath, [APPLICATION, ...args], {
    cwd: FRAMEWORK,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (status !== 0) throw new Error(`the application failed:\n${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as Run;
}

const LIBRARIES = [
  ['SQLite', '/node_modules/better-sqlite3/'],
  ['the OAuth2 server', '/node_modules/@node-oauth/oauth2-server/'],
] as const;

describe('an application that authenticates with Basic alone', () => {
  const basicOnly = run();

  it('authenticates: the right password is 200, a wrong one 401', () => {
    expect(basicOnly.statuses).toEqual([200, 401]);
    expect(basicOnly.loaded.some((url) => url.includes('/auth/schemes/basic/'))).toBe(true);
  });

  it.each(LIBRARIES)('loads nothing of %s', (_, folder) => {
    expect(basicOnly.loaded.filter((url) => url.includes(folder))).toEqual([]);
    expect(basicOnly.required.filter((file) => file.includes(folder))).toEqual([]);
  });

  it('would be seen loading them: with OAuth2 on, both witnesses see both', () => {
    const withOAuth2 = run('--oauth2');
    expect(withOAuth2.statuses.slice(0, 3)).toEqual([200, 401, 401]);
    for (const [, folder] of LIBRARIES) {
      expect(withOAuth2.loaded.some((url) => url.includes(folder))).toBe(true);
      expect(withOAuth2.required.some((file) => file.includes(folder))).toBe(true);
    }
  });
});
