import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateConferenceSeed } from '@hyperpipe/catalogue';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFERENCE_SERVE, type ServerProcess, startServer } from './contract/servers.ts';
import { basicAuth, useTemporaryFolders } from './support/conference.ts';
import { guideRequests, pathKey, requestKey } from './support/guideRequests.ts';
import { tour } from './typedClient/client.ts';
import { type DocumentedAnswers, documentedRequests } from './typedClient/documented.ts';

const temporaryFolder = useTemporaryFolders();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_FOLDER = fileURLToPath(new URL('./typedClient/', import.meta.url));
const CLIENT = join(CLIENT_FOLDER, 'client.ts');
const MISREADS = join(CLIENT_FOLDER, 'misreads.ts');
const DOCUMENTED = join(CLIENT_FOLDER, 'documented.ts');
/** The guides whose requests documented.ts sends. */
const GUIDES = ['README.md', 'docs/conference-api.md', 'docs/rest.md'];

// A client generated from the OpenAPI document of `npm run serve` (openapi-typescript's
// types, called through openapi-fetch) compiles where it reads what each version has, fails
// to compile where it reads what a version lacks, and runs against the server.
describe('a client typed by the OpenAPI document', () => {
  let server: ServerProcess;
  let document: OpenAPI3;
  let diagnostics: readonly ts.Diagnostic[];

  beforeAll(async () => {
    const folder = temporaryFolder();
    // A catalogue file that does not exist yet: the server creates and seeds it.
    server = await startServer(
      CONFERENCE_SERVE,
      join(folder, 'conference.sqlite'),
      join(folder, 'oauth.sqlite'),
    );
    document = await (await fetch(`${server.url}/openapi.json`)).json();
    writeFileSync(join(folder, 'conference-api.ts'), astToString(await openapiTS(document)));
    diagnostics = compile([CLIENT, MISREADS, DOCUMENTED], folder);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('compiles the client: twitter on version 1, talk_count on version 2, integer ids', () => {
    expect(diagnostics.filter((d) => d.file?.fileName === CLIENT).map(describeDiagnostic)).toEqual(
      [],
    );
  });

  it('refuses each misread: talk_count on version 1, twitter on version 2, a string id', () => {
    const refused = readFileSync(MISREADS, 'utf8')
      .split('\n')
      .flatMap((line, index) => (line.includes('// refused') ? [index + 1] : []));
    const errors = diagnostics.filter((d) => d.file?.fileName === MISREADS);
    // Also the proof that the generated types were found: without them `paths` is `any`,
    // and every line would compile (client.ts too, whatever it read).
    expect(refused).toHaveLength(6);
    expect(
      [...new Set(errors.map((d) => lineOf(d)))],
      errors.map(describeDiagnostic).join('\n'),
    ).toEqual(refused);
  });

  it('runs against the server, reading and writing the seeded catalogue', async () => {
    const seed = generateConferenceSeed();
    const talk = seed.talks[0];
    const speakerId = seed.links.find((link) => link.talk_id === talk?.id)?.speaker_id ?? 0;
    const speaker = seed.speakers.find((one) => one.id === speakerId);
    const talkIds = new Set(
      seed.links.filter((link) => link.speaker_id === speakerId).map((link) => link.talk_id),
    );
    const titles = seed.talks.filter((one) => talkIds.has(one.id)).map((one) => one.title);

    const result = await tour(server.url, speakerId, basicAuth('editor'));

    expect(result).toEqual({
      twitter: speaker?.twitter,
      twitterLink: `https://twitter.com/${speaker?.twitter?.slice(1)}`,
      talkCount: talkIds.size,
      talkCountByMediaType: talkIds.size,
      talkTitles: expect.arrayContaining(titles),
      revalidated: 304,
      lostUpdate: { status: 412, detail: expect.stringMatching(/If-Match/) },
    });
    expect(result.talkTitles).toHaveLength(titles.length);
  });

  it('compiles every request of the guides, reading each answer with no cast', () => {
    expect(
      diagnostics.filter((d) => d.file?.fileName === DOCUMENTED).map(describeDiagnostic),
    ).toEqual([]);
    // No assertion (`as T`, `!`) and no `any`, outside comments.
    const code = readFileSync(DOCUMENTED, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    expect(code).not.toMatch(/\bas\s+(?!const\b)[\w{[(]|\bany\b|!\./);
  });

  // The guides' requests write and delete (talks 1 and 2, speaker 3): they run last, once.
  let sent: Promise<{ answers: DocumentedAnswers; keys: Set<string> }> | undefined;
  const sendDocumented = () => {
    sent ??= (async () => {
      const keys = new Set<string>();
      const recording = (request: Request) => {
        keys.add(requestKey(request));
        return fetch(request);
      };
      return { answers: await documentedRequests(server.url, recording), keys };
    })();
    return sent;
  };

  it('reads from each request of the guides what they say it answers', async () => {
    const seed = generateConferenceSeed();
    const first = seed.speakers.find((speaker) => speaker.id === 1);
    const talksOf = (id: number) => seed.links.filter((link) => link.speaker_id === id).length;
    const { answers } = await sendDocumented();
    expect(answers).toEqual({
      readme: { twitter: first?.twitter ?? null, talkCount: talksOf(1), patched: '@ada' },
      root: {
        speakers: `${server.url}/v1/speaker{?page}`,
        speakersV2: `${server.url}/v2/speaker{?page}`,
        self: `${server.url}/v1`,
        serviceDesc: '3.1.0',
      },
      timezone: { server: expect.any(String), tokyo: true, mars: 422 },
      pages: { count: 25, pageCount: Math.ceil(seed.speakers.length / 25), page4: 4 },
      embedded: {
        talks: talksOf(1),
        speakers: seed.links.filter((link) => link.talk_id === 1).length,
      },
      byMediaType: {
        'application/hal+json': '@ada',
        'application/json': '@ada',
        'application/vnd.conference.v1+json': '@ada',
      },
      talkCountByUrl: talksOf(1),
      writes: {
        created: 'Hypermedia at scale',
        statuses: {
          'PATCH /speaker/1 {"twitter":null}': 200,
          'DELETE /talk/1': 204,
          'GET /speaker/1 If-None-Match': 304,
          'PATCH /speaker/1 If-Match': 412,
          'PATCH /speaker/1 {"name":"Ada"}': 200,
          'DELETE /speaker/1 by learner': 403,
          'DELETE /talk/2': 204,
          'DELETE /speaker/3 Bearer': 204,
          'PATCH /speaker/4?access_token': 200,
        },
      },
      tokens: {
        password: 'Bearer',
        'password, client in the form': 'Bearer',
        refresh_token: 'Bearer',
        client_credentials: 'Bearer',
      },
    });
  });

  // Every curl line of the guides is sent, with its method, path, query, Accept and body
  // type; every URL of the API they name is requested. A request the document lacks is
  // one a guide shows failing: the API answers it 405 (and misreads.ts refuses to compile it).
  it('sends every request and URL README.md and docs/ show', async () => {
    const { keys } = await sendDocumented();
    const guides = GUIDES.map((guide) => guideRequests(readFileSync(join(ROOT, guide), 'utf8')));
    const described = (key: string) => {
      const [method = '', path = ''] = key.split(' ');
      const item = Object.entries(document.paths ?? {}).find(
        ([template]) => pathKey(template) === path.split('?')[0],
      )?.[1];
      return item !== undefined && method.toLowerCase() in item;
    };
    const curl = [...new Set(guides.flatMap((guide) => guide.curl))];
    expect(curl.length).toBeGreaterThan(10);
    expect(curl.filter((key) => described(key) && !keys.has(key))).toEqual([]);
    for (const key of curl.filter((one) => !described(one))) {
      const [method, path] = key.split(' ') as [string, string];
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: basicAuth('editor') },
      });
      expect(response.status, key).toBe(405);
    }
    const paths = new Set([...keys].map((key) => key.split(' ')[1]));
    const urls = [...new Set(guides.flatMap((guide) => guide.urls))];
    expect(urls.filter((url) => !paths.has(url))).toEqual([]);
  });
});

/**
 * Type-checks `files` with the repository's compiler options, the generated types of
 * `typesFolder` seen as if they sat beside them (`rootDirs`), as `./conference-api.ts`.
 */
function compile(files: string[], typesFolder: string): readonly ts.Diagnostic[] {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const program = ts.createProgram(files, {
    ...options,
    rootDirs: [CLIENT_FOLDER, typesFolder],
  });
  return ts.getPreEmitDiagnostics(program);
}

function lineOf(diagnostic: ts.Diagnostic): number {
  const { file, start = 0 } = diagnostic;
  return file ? file.getLineAndCharacterOfPosition(start).line + 1 : 0;
}

function describeDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  return `line ${lineOf(diagnostic)}: ${message}`;
}
