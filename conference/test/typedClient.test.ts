import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateConferenceSeed } from '@hyperpipe/catalogue';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFERENCE_SERVE, type ServerProcess, startServer } from './contract/servers.ts';
import { basicAuth, useTemporaryFolders } from './support/conference.ts';
import { tour } from './typedClient/client.ts';

const temporaryFolder = useTemporaryFolders();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_FOLDER = fileURLToPath(new URL('./typedClient/', import.meta.url));
const CLIENT = join(CLIENT_FOLDER, 'client.ts');
const MISREADS = join(CLIENT_FOLDER, 'misreads.ts');

// A client generated from the OpenAPI document of `npm run serve` (openapi-typescript's
// types, called through openapi-fetch) compiles where it reads what each version has, fails
// to compile where it reads what a version lacks, and runs against the server.
describe('a client typed by the OpenAPI document', () => {
  let server: ServerProcess;
  let diagnostics: readonly ts.Diagnostic[];

  beforeAll(async () => {
    const folder = temporaryFolder();
    // A catalogue file that does not exist yet: the server creates and seeds it.
    server = await startServer(
      CONFERENCE_SERVE,
      join(folder, 'conference.sqlite'),
      join(folder, 'oauth.sqlite'),
    );
    const document = await (await fetch(`${server.url}/openapi.json`)).json();
    writeFileSync(join(folder, 'conference-api.ts'), astToString(await openapiTS(document)));
    diagnostics = compile([CLIENT, MISREADS], folder);
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
    expect(refused).toHaveLength(4);
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
