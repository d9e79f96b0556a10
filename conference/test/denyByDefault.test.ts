import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import type { RunningServer } from 'hyperpipe/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import { basicAuth, configFolderFor, PROBLEM, useTemporaryFolders } from './support/conference.ts';

// The conference API under authorization: { denyByDefault: true }, over a socket: what is
// not public needs an identity, the API root (the explorer's page), the OpenAPI document and
// the token endpoint included, which a rule must make public to show them to guests.
const folders = useTemporaryFolders();
const REAL = fileURLToPath(new URL('../config/autoload/authentication.global.ts', import.meta.url));
const LISTEN = { port: 0, hostname: '127.0.0.1', handleSignals: false } as const;

const READS = { public: { entity: ['GET'], collection: ['GET'] } };

/** The API with its authentication, and these rules in place of its authorization. */
async function conferenceWith(authorization: object): Promise<RunningServer> {
  const folder = folders();
  const config = configFolderFor(folder, join(folder, 'unused.sqlite'));
  writeFileSync(
    join(config, 'authentication.global.ts'),
    `import real from '${pathToFileURL(REAL).href}';\n` +
      `export default { ...real, authorization: ${JSON.stringify(authorization)} };\n`,
  );
  const app = await createConferenceApp({
    configFolder: config,
    database: createInMemoryCatalogue(),
    tokenDatabase: ':memory:',
  });
  return app.run(LISTEN);
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(path: string, init: RequestInit = {}) {
  const answer = await fetch(new URL(path, server?.url), init);
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, text };
}

describe('the conference API with denyByDefault', () => {
  it('answers guests what is public, a 401 problem elsewhere, and identities everywhere', async () => {
    server = await conferenceWith({
      denyByDefault: true,
      'Conference.V1.Speaker': READS,
      'Conference.V2.Speaker': READS,
      oauth: { public: { methods: ['POST'] } },
      openapi: { public: { methods: ['GET'] } },
      'root.v1': { public: { methods: ['GET'] } },
    });
    expect((await call('/speaker/1')).status).toBe(200);
    expect((await call('/v2/speaker')).status).toBe(200);
    expect((await call('/', { headers: { accept: 'text/html' } })).status).toBe(200);
    for (const path of ['/talk/1', '/v2/talk', '/timezone', '/v2']) {
      const refused = await call(path);
      expect(refused.status, path).toBe(401);
      expect(refused.headers.get('content-type')).toBe(PROBLEM);
      const learner = { headers: { authorization: basicAuth('learner') } };
      expect((await call(path, learner)).status, `${path} as learner`).toBe(200);
    }
    const token = await call('/oauth', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('workshop:workshop-secret').toString('base64')}`,
      },
      body: 'grant_type=password&username=learner&password=hyperpipe',
    });
    expect(token.status).toBe(200);
    const bearer = { headers: { authorization: `Bearer ${JSON.parse(token.text).access_token}` } };
    expect((await call('/talk/1', bearer)).status).toBe(200);
  });

  it('marks in the OpenAPI document every operation that is not public as needing an identity', async () => {
    server = await conferenceWith({
      denyByDefault: true,
      'Conference.V1.Speaker': READS,
      oauth: { public: { methods: ['POST'] } },
      openapi: { public: { methods: ['GET'] } },
    });
    const document = JSON.parse((await call('/openapi.json')).text);
    const security = (path: string, method: string) => document.paths[path][method].security;
    expect(security('/v1/speaker/{speaker_id}', 'get')).toEqual([]);
    expect(security('/v1/speaker', 'get')).toEqual([]);
    expect(security('/v1/talk/{talk_id}', 'get')).toContainEqual({ basic: [] });
    expect(security('/v1/speaker/{speaker_id}', 'patch')).toContainEqual({ basic: [] });
  });

  it('does not start while the token endpoint, which no identity reaches, is denied', async () => {
    const refused = await conferenceWith({ denyByDefault: true }).then(
      (started) => {
        server = started;
        return undefined;
      },
      (error: unknown) => error as Error,
    );
    expect(refused?.message).toContain("oauth: { public: { methods: ['POST'] } }");
  });
});
