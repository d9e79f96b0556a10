import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTemporaryFolders } from '../support/conference.ts';
import {
  type ContractAnswer,
  type ContractRequest,
  conferenceContract,
  runContract,
} from './conferenceContract.ts';
import { writeForeignCatalogue } from './foreignCatalogue.ts';
import { lastStep } from './lastStep.ts';
import {
  CONFERENCE_SERVE,
  type ServerProcess,
  startServer,
  WORKSHOP_SOLUTION_SERVE,
} from './servers.ts';

const temporaryFolder = useTemporaryFolders();

// The workshop ends where conference/ is: the last step's solution, served the way a
// learner serves it, answers every request of docs/conference-api.md exactly as
// `npm run serve` does, on a catalogue neither was written for, with the same demo
// identities: the editor's by default, the learner's, a guest's, a token's.
describe("the workshop's last solution is the conference API", () => {
  let requests: ContractRequest[];
  const servers: ServerProcess[] = [];
  let conference: ContractAnswer[];
  let solution: ContractAnswer[];
  const catalogues: string[] = [];

  beforeAll(async () => {
    const folder = temporaryFolder();
    const original = join(folder, 'foreign.sqlite');
    requests = conferenceContract(writeForeignCatalogue(original));
    // Each server writes to its own copy, so both see the same rows before each write.
    const start = async (command: typeof CONFERENCE_SERVE, name: string) => {
      const copy = join(folder, name);
      copyFileSync(original, copy);
      catalogues.push(copy);
      const server = await startServer(command, copy, join(folder, `oauth-${name}`));
      servers.push(server);
      return server;
    };
    const [conferenceServer, solutionServer] = await Promise.all([
      start(CONFERENCE_SERVE, 'conference.sqlite'),
      start(WORKSHOP_SOLUTION_SERVE, 'solution.sqlite'),
    ]);
    [conference, solution] = await Promise.all([
      runContract(conferenceServer.url, requests),
      runContract(solutionServer.url, requests),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('npm run serve answers the documented statuses, over the catalogue it was given', () => {
    requests.forEach((request, index) => {
      const answer = conference[index] as ContractAnswer;
      expect(answer.status, answer.request).toBe(request.status);
      if (request.json) expect(answer.body, answer.request).toMatchObject(request.json);
    });
  });

  it(`the solution of step ${lastStep().number} answers every request the same: status, headers and body`, () => {
    // Every difference at once, each with the request that showed it.
    const differences = conference.flatMap((expected, index) => {
      const answer = solution[index];
      return isDeepStrictEqual(answer, expected)
        ? []
        : [{ conference: expected, solution: answer }];
    });
    expect(differences).toEqual([]);
  });

  it('both answer a catalogue another process has locked with the same 503 problem', async () => {
    const [conferenceServer, solutionServer] = servers;
    // Another process (a sqlite3 shell, a backup) holds the write lock of both files.
    const locks = catalogues.map((path) => new Database(path));
    try {
      for (const lock of locks) lock.exec('BEGIN EXCLUSIVE');
      const answers = await Promise.all(
        [conferenceServer, solutionServer].map(async (server) => {
          const answer = await fetch(new URL('/speaker', server?.url));
          return {
            status: answer.status,
            retryAfter: answer.headers.get('retry-after'),
            body: await answer.json(),
          };
        }),
      );
      expect(answers[0]).toMatchObject({ status: 503, retryAfter: '1' });
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      for (const lock of locks) lock.close();
    }
  });
});
