import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
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

/** A request of the feature contract (see {@link HAL_CONTRACT}). */
export interface ContractRequest {
  readonly method?: 'GET' | 'HEAD';
  readonly path: string;
  readonly accept?: string;
  readonly authorization?: string;
  /**
   * Revalidates what the client holds: sends as `If-None-Match` the tag this very server gave
   * the GET of `path` with the same Accept (as `W/"…"` when `weak`).
   */
  readonly revalidate?: 'strong' | 'weak';
}

const V1 = 'application/vnd.conference.v1+json';
const V2 = 'application/vnd.conference.v2+json';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * What a server must answer as the conference API does on its two benchmarked routes before
 * it is compared with it: negotiation (HAL, JSON, the vendor types of versions 1 and 2, 406),
 * revalidation (304 for the tag of the very representation asked), credentials (a wrong Basic
 * password is a 401 with every challenge, a right one changes nothing on a GET), HEAD, and a
 * problem for every error.
 */
export const HAL_CONTRACT: readonly ContractRequest[] = [
  { path: '/speaker/26' },
  { path: '/speaker/26', accept: 'application/hal+json' },
  { path: '/speaker/26', accept: 'application/json' },
  { path: '/speaker/26', accept: V1 },
  { path: '/speaker/26', accept: V2 },
  { path: '/speaker/26', accept: 'application/json;q=0.5, application/hal+json;q=0.1' },
  { path: '/speaker/26', accept: '*/*' },
  { path: '/speaker/26', accept: 'text/html, */*;q=0.1' },
  { path: '/speaker/26', accept: 'text/html' },
  { method: 'HEAD', path: '/speaker/26' },
  { path: '/speaker/26', revalidate: 'strong' },
  { method: 'HEAD', path: '/speaker/26', revalidate: 'weak' },
  { path: '/speaker/26', accept: V2, revalidate: 'strong' },
  { path: '/speaker/26', authorization: basic('learner', 'wrong') },
  { path: '/speaker/26', authorization: basic('nobody', 'hyperpipe') },
  { path: '/speaker/26', authorization: basic('learner', 'hyperpipe') },
  { path: '/speaker/999' },
  { method: 'HEAD', path: '/speaker/999' },
  { path: '/speaker/abc' },
  { path: '/speaker?page=2' },
  { path: '/speaker?page=2', accept: 'application/json' },
  { path: '/speaker?page=2', accept: V2 },
  { path: '/speaker?page=2', accept: 'text/html' },
  { path: '/speaker?page=2', revalidate: 'strong' },
  { path: '/speaker?page=99' },
  { path: '/speaker?page=0' },
];

/** How a contract request reads in a message. */
export function describeRequest(request: ContractRequest): string {
  const parts = [`${request.method ?? 'GET'} ${request.path}`];
  if (request.accept !== undefined) parts.push(`Accept: ${request.accept}`);
  if (request.authorization !== undefined) parts.push(`Authorization: ${request.authorization}`);
  if (request.revalidate !== undefined)
    parts.push(`If-None-Match: its own ${request.revalidate} tag`);
  return parts.join(', ');
}

/** The headers a contract answer must send with the same value (`ETag` apart). */
const CONTRACT_HEADERS = [
  'content-type',
  'vary',
  'cache-control',
  'x-content-type-options',
  'www-authenticate',
];

/**
 * A server's answer to a contract request, written so that two servers that behave the same
 * write the same text: status, {@link CONTRACT_HEADERS} (a Digest nonce as `<nonce>`), the
 * `ETag` as `<tag>` when it is the tag of the representation the GET with the same Accept
 * sends, and the body with the server's origin as `<origin>`. `Content-Length`, where there
 * is a body, is checked against it; a HEAD or a 304 may send it or not.
 */
export async function contractAnswer(
  server: ServerProcess,
  request: ContractRequest,
): Promise<string> {
  const tag = await representationTagOf(server, request);
  const headers: Record<string, string> = {};
  if (request.accept !== undefined) headers.accept = request.accept;
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  if (request.revalidate !== undefined) {
    headers['if-none-match'] = request.revalidate === 'weak' ? `W/${tag}` : `${tag}`;
  }
  const response = await send(server, request.method ?? 'GET', request.path, headers);
  const bytes = response.body;
  const length = response.headers['content-length'];
  if (bytes.byteLength > 0 && length !== String(bytes.byteLength)) {
    throw new Error(
      `${server.spec.name}: ${describeRequest(request)} has Content-Length ${length} for ${bytes.byteLength} bytes`,
    );
  }
  const etag = response.headers.etag;
  const lines = [
    String(response.status),
    ...CONTRACT_HEADERS.map((name) => {
      const value = response.headers[name];
      if (value === undefined) return `${name}: none`;
      return `${name}: ${String(value).replaceAll(/nonce="[^"]*"/g, 'nonce="<nonce>"')}`;
    }),
    `etag: ${etag !== undefined && etag === tag ? '<tag>' : etag}`,
  ];
  return `${lines.join('\n')}\n\n${bytes.toString('utf8').replaceAll(server.url, '<origin>')}`;
}

/**
 * The tag of the representation a plain GET of the request's path with its Accept gets from
 * this server, checked to be the digest of its media type and bytes (representationTag in
 * framework/src/http/entityTag.ts); `undefined` when that GET is no 200.
 */
async function representationTagOf(
  server: ServerProcess,
  request: ContractRequest,
): Promise<string | undefined> {
  const headers: Record<string, string> = {};
  if (request.accept !== undefined) headers.accept = request.accept;
  const response = await send(server, 'GET', request.path, headers);
  if (response.status !== 200) return undefined;
  const type = response.headers['content-type'] ?? '';
  const digest = createHash('sha1').update(type).update('\n').update(response.body);
  const expected = `"${digest.digest('base64url')}"`;
  const etag = response.headers.etag;
  if (etag !== expected) {
    throw new Error(
      `${server.spec.name}: GET ${request.path} as ${type} has ETag ${etag}, not ${expected}`,
    );
  }
  return etag;
}

/** An answer as received. */
interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * Sends a request with exactly the headers given: fetch would give a request without an
 * `Accept` one that accepts any type, and the contract also asks with no Accept at all.
 */
function send(
  server: ServerProcess,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}${path}`, { method, headers, timeout: 5_000 });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer`)));
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.end();
  });
}

/**
 * Checks that every peer answers each request of `contract` exactly as `reference` does (see
 * {@link contractAnswer}), so that no peer is timed doing less than the conference API; the
 * first difference throws, with both answers.
 */
export async function verifyContract(
  reference: ServerProcess,
  peers: readonly ServerProcess[],
  contract: readonly ContractRequest[] = HAL_CONTRACT,
): Promise<void> {
  for (const request of contract) {
    const expected = await contractAnswer(reference, request);
    for (const peer of peers) {
      const actual = await contractAnswer(peer, request);
      if (actual !== expected) {
        throw new Error(
          `${peer.spec.name} answers ${describeRequest(request)} differently from ${reference.spec.name}:\n` +
            `${actual}\n--- ${reference.spec.name}:\n${expected}`,
        );
      }
    }
  }
}
