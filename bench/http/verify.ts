import { createHash } from 'node:crypto';
import type { ServerProcess } from './child.ts';

/**
 * Checks that a server answers GET /ping as the benchmark expects before it is measured:
 * a fast wrong answer (a 404, an empty body) must not pass for a fast server.
 */
export async function verifyPing(server: ServerProcess): Promise<void> {
  const response = await fetch(`${server.url}/ping`, { signal: AbortSignal.timeout(5_000) });
  const type = response.headers.get('content-type') ?? '';
  const body = (await response.json()) as { ack?: unknown };
  const now = Date.now() / 1000;
  const fresh = typeof body.ack === 'number' && Math.abs(body.ack - now) < 60;
  if (response.status !== 200 || !type.startsWith('application/json') || !fresh) {
    throw new Error(
      `${server.spec.name} answered ${response.status} ${type} ${JSON.stringify(body)}, not {"ack": <unix seconds>}`,
    );
  }
}

/**
 * What a HAL answer must be, for a byte comparison between servers: status, the headers the
 * API sends (`ETag`, `Content-Length` checked against the body received), and the body with
 * the server's own origin, which its links are built from, written as `<origin>`.
 */
export async function halAnswer(server: ServerProcess, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const headers = response.headers;
  // The tag of this representation: the media type and the bytes (framework/src/http/entityTag.ts).
  const digest = createHash('sha1').update('application/hal+json').update('\n').update(bytes);
  const expected = `"${digest.digest('base64url')}"`;
  if (headers.get('etag') !== expected) {
    throw new Error(
      `${server.spec.name}: GET ${path} has ETag ${headers.get('etag')}, not ${expected}`,
    );
  }
  if (headers.get('content-length') !== String(bytes.byteLength)) {
    throw new Error(
      `${server.spec.name}: GET ${path} has Content-Length ${headers.get('content-length')} for ${bytes.byteLength} bytes`,
    );
  }
  const compared = HAL_HEADERS.map((name) => `${name}: ${headers.get(name)}`).join('\n');
  const body = bytes.toString('utf8').replaceAll(server.url, '<origin>');
  return `${response.status}\n${compared}\n\n${body}`;
}

/** The headers every HAL server must send with the same value. */
const HAL_HEADERS = ['content-type', 'vary', 'cache-control', 'x-content-type-options'];

/**
 * Checks that every server answers each path as the first one does (see {@link halAnswer}),
 * so that no server is timed doing less than the others.
 */
export async function verifyHal(
  servers: readonly ServerProcess[],
  paths: readonly string[],
): Promise<void> {
  const [reference, ...others] = servers;
  if (reference === undefined) return;
  for (const path of paths) {
    const expected = await halAnswer(reference, path);
    if (!expected.startsWith('200\n')) {
      throw new Error(
        `${reference.spec.name} answered GET ${path} with ${expected.split('\n')[0]}`,
      );
    }
    for (const server of others) {
      const actual = await halAnswer(server, path);
      if (actual !== expected) {
        throw new Error(
          `${server.spec.name} answers GET ${path} differently from ${reference.spec.name}:\n` +
            `${actual}\n---\n${expected}`,
        );
      }
    }
  }
}
