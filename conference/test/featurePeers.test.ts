import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../../bench/http/child.ts';
import { serverScript } from '../../bench/http/servers.ts';
import {
  contractAnswer,
  describeRequest,
  HAL_CONTRACT,
  verifyContract,
} from '../../bench/http/verify.ts';

// The benchmark compares the conference API with a Fastify and a Hono server that do the same
// work on its two HAL routes. Each runs as the benchmark runs it (a child process listening
// on port 0), and must answer every request of the contract exactly as the conference API
// does; otherwise the benchmark would time a peer doing less, or refuse to run.
const options = { profile: false, cpus: undefined };
let conference: ServerProcess;
const peers: ServerProcess[] = [];

beforeAll(async () => {
  const started = await Promise.all([
    startServer({ name: 'hyperpipe', script: serverScript('halHyperpipe.ts') }, options),
    startServer(
      { name: 'fastify + plugins', script: serverScript('halFastifyPlugins.ts') },
      options,
    ),
    startServer(
      { name: 'hono + middleware', script: serverScript('halHonoMiddleware.ts') },
      options,
    ),
  ]);
  const [hyperpipe, ...others] = started;
  conference = hyperpipe;
  peers.push(...others);
}, 120_000);

afterAll(async () => {
  await Promise.all([conference, ...peers].map((server) => server?.stop()));
});

describe('the feature-equivalent peers of the HAL benchmark', () => {
  it.each(HAL_CONTRACT.map((request) => [describeRequest(request), request] as const))(
    'answer %s as the conference API does',
    async (_name, request) => {
      const expected = await contractAnswer(conference, request);
      for (const peer of peers) {
        expect(await contractAnswer(peer, request), peer.spec.name).toBe(expected);
      }
    },
  );

  it('cover negotiation, revalidation, credentials and errors in the contract', async () => {
    const statuses = new Set<number>();
    for (const request of HAL_CONTRACT) {
      statuses.add(Number((await contractAnswer(conference, request)).split('\n')[0]));
    }
    expect([...statuses].sort()).toEqual([200, 304, 400, 401, 404, 406, 409]);
  });

  it('are refused when one answers differently', async () => {
    // The byte-only Fastify peer sends the same HAL, but no 406, no 304, no problems.
    const bytesOnly = await startServer(
      { name: 'fastify (bytes only)', script: serverScript('halFastify.ts') },
      options,
    );
    try {
      await expect(verifyContract(conference, [bytesOnly])).rejects.toThrow(
        /fastify \(bytes only\) answers .* differently from hyperpipe/,
      );
    } finally {
      await bytesOnly.stop();
    }
  });
});
