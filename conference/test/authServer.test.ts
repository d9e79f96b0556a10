import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { resetCatalogue } from '@hyperpipe/catalogue';
import { describe, expect, it } from 'vitest';
import { ownProcess } from '../../framework/test/support/ownProcess.ts';
import { SEED, useTemporaryFolders } from './support/conference.ts';

const SERVE = fileURLToPath(new URL('../src/serve.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CURL = '/usr/bin/curl';
const temporaryFolder = useTemporaryFolders();

/** Starts serve.ts on its own catalogue and token files; resolves to its URL and a stop function. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  ownProcess(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /Conference API on (http:\/\/\S+?)\./.exec(output);
      if (found) resolve(found[1] as string);
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`serve.ts exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`serve.ts printed no URL: ${output}`)), 15_000).unref();
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function files() {
  const folder = temporaryFolder();
  const catalogue = join(folder, 'conference.sqlite');
  resetCatalogue(catalogue);
  return { CONFERENCE_DB: catalogue, CONFERENCE_OAUTH_DB: join(folder, 'oauth.sqlite') };
}

describe('authentication over a real socket', () => {
  it('keeps a token valid after the server restarts', async () => {
    const env = files();
    const first = await startServer(env);
    let token: string;
    try {
      const response = await fetch(`${first.url}/oauth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('workshop:workshop-secret').toString('base64')}`,
        },
        body: 'grant_type=password&username=editor&password=hyperpipe-editor',
      });
      expect(response.status).toBe(200);
      token = (await response.json()).access_token;
    } finally {
      await first.stop();
    }
    const second = await startServer(env);
    try {
      const deleted = await fetch(`${second.url}/speaker/1`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(deleted.status).toBe(204);
      const gone = await fetch(`${second.url}/speaker/1`);
      expect(gone.status).toBe(404);
    } finally {
      await second.stop();
    }
  });

  it('speaks Digest with curl --digest, a client that is not ours', async () => {
    const server = await startServer(files());
    try {
      const curl = (...args: string[]) =>
        promisify(execFile)(CURL, ['--silent', '--show-error', '--digest', ...args]);
      // curl answers the challenge itself; a failing curl (or no curl at all) fails the test.
      const created = await curl(
        '--user',
        'learner:hyperpipe',
        '--write-out',
        '\n%{http_code}',
        '--header',
        'Content-Type: application/json',
        '--data',
        '{"name":"Curl Digest"}',
        `${server.url}/speaker`,
      );
      const [body, status] = created.stdout.split('\n');
      expect(status).toBe('201');
      expect(JSON.parse(body as string)).toMatchObject({
        id: SEED.speakers + 1,
        name: 'Curl Digest',
      });

      const wrong = await curl(
        '--user',
        'learner:wrong',
        '--output',
        '/dev/null',
        '--write-out',
        '%{http_code}',
        '--request',
        'DELETE',
        `${server.url}/speaker/1`,
      );
      expect(wrong.stdout).toBe('401');
    } finally {
      await server.stop();
    }
  });
});
