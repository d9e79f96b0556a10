import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractRequest, conferenceContract } from './contract/conferenceContract.ts';
import { type ForeignIds, writeForeignCatalogue } from './contract/foreignCatalogue.ts';
import { CONFERENCE_SERVE, type ServerProcess, startServer } from './contract/servers.ts';
import {
  basicAuth,
  createTestConference,
  JSON_TYPE,
  ORIGIN,
  send,
  useTemporaryFolders,
  V2,
} from './support/conference.ts';
import { type Document, type Exchange, OpenApiTruth } from './support/openApiTruth.ts';

const temporaryFolder = useTemporaryFolders();

describe('GET /openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document', async () => {
    const { app } = await createTestConference();
    const response = await send(app, '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has the paths, vendor media types and security schemes of the configuration', async () => {
    const { app } = await createTestConference();
    const document = await (await send(app, '/openapi.json')).json();
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/',
        '/oauth',
        '/openapi.json',
        '/speaker',
        '/speaker/{speaker_id}',
        '/talk',
        '/talk/{talk_id}',
        '/timezone',
        '/v1',
        '/v1/speaker',
        '/v1/speaker/{speaker_id}',
        '/v1/talk',
        '/v1/talk/{talk_id}',
        '/v2',
        '/v2/speaker',
        '/v2/speaker/{speaker_id}',
        '/v2/talk',
        '/v2/talk/{talk_id}',
      ].sort(),
    );
    const v2 = document.paths['/v2/speaker/{speaker_id}'].get.responses['200'].content;
    expect(Object.keys(v2)).toEqual([V2, 'application/hal+json', JSON_TYPE]);
    expect(Object.keys(document.components.securitySchemes)).toEqual([
      'basic',
      'digest',
      'oauth2',
      'oauth2Client',
    ]);
    expect(document.paths['/v1/speaker'].post.security).toEqual([
      { basic: [] },
      { digest: [] },
      { oauth2: [] },
    ]);
    expect(document.paths['/v1/speaker'].get.security).toEqual([]);
    // The token endpoint authenticates OAuth2 clients, not users (RFC 6749, section 2.3.1).
    expect(document.components.securitySchemes.oauth2Client).toMatchObject({
      type: 'http',
      scheme: 'basic',
    });
    expect(document.paths['/oauth'].post.security).toEqual([{ oauth2Client: [] }]);
  });

  it('names every operation once, and tags it with a described tag', async () => {
    const { app } = await createTestConference();
    const document = await (await send(app, '/openapi.json')).json();
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string; tags: string[] }>),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listSpeakersV1',
        'getSpeakerV2',
        'createTalk',
        'replaceTalkV1',
        'updateSpeaker',
        'deleteSpeakerV2',
        'getTimezone',
        'requestToken',
      ]),
    );
    const described = new Set(document.tags.map((tag: { name: string }) => tag.name));
    expect(
      operations.flatMap((operation) => operation.tags).filter((tag) => !described.has(tag)),
    ).toEqual([]);
    for (const tag of document.tags) expect(tag.description).toMatch(/\w/);
  });

  // Redoc and Swagger UI list operations by summary: two alike read as one shown twice.
  it('gives each operation a summary of its own, naming the version of a versioned URL', async () => {
    const { app } = await createTestConference();
    const document: Described = await (await send(app, '/openapi.json')).json();
    const operations = operationsOf(document);
    const summaries = operations.map(({ operation }) => operation.summary);
    const repeated = summaries.filter((summary, index) => summaries.indexOf(summary) !== index);
    expect(repeated).toEqual([]);
    const summaryAt = (template: string) => document.paths[template]?.get?.summary;
    expect(summaryAt('/speaker/{speaker_id}')).toBe('One speaker, with what it embeds');
    expect(summaryAt('/v1/speaker/{speaker_id}')).toBe(
      'One speaker, with what it embeds (version 1)',
    );
    expect(summaryAt('/v2/speaker')).toBe('A page of speakers (version 2)');
  });

  // A public operation declares no requirement (`security: []`), so documentation tools do
  // not show it locked; one that needs credentials lists the schemes that give them.
  it('asks for credentials exactly where the API refuses a request without them', async () => {
    const { app } = await createTestConference();
    const document: Described = await (await send(app, '/openapi.json')).json();
    const wrong: string[] = [];
    for (const { template, method, operation } of operationsOf(document)) {
      const content = operation.requestBody?.content ?? {};
      const body =
        JSON_TYPE in content
          ? { body: {} }
          : FORM in content
            ? { headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' }
            : {};
      const path = template.replace(/\{\w+\}/g, '1');
      const response = await send(app, path, { method: method.toUpperCase(), ...body });
      const asks = (operation.security ?? ['undeclared']).length > 0;
      if (asks !== (await refusedForCredentials(response))) {
        wrong.push(
          `${method.toUpperCase()} ${template}: security ${JSON.stringify(operation.security)}, ${response.status} without credentials`,
        );
      }
      // Where a token is asked for, a client may send it in the query too (RFC 6750, 2.3).
      const tokenInQuery = operation.parameters?.some(
        (parameter) => parameter.in === 'query' && parameter.name === 'access_token',
      );
      const takesToken = operation.security?.some((requirement) => 'oauth2' in requirement);
      if (Boolean(tokenInQuery) !== Boolean(takesToken)) {
        wrong.push(`${method.toUpperCase()} ${template}: access_token in query ${tokenInQuery}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names the server the request for it reached', async () => {
    const { app } = await createTestConference();
    const response = await app.handle(new Request('https://api.example.org:8443/openapi.json'));
    expect((await response.json()).servers).toEqual([
      { url: 'https://api.example.org:8443', description: expect.any(String) },
    ]);
  });

  it.each(['http://localhost:8800', 'http://127.0.0.1:8800', 'http://[::1]:8800'])(
    'from the loopback origin %s names the server relative to the document: /',
    async (origin) => {
      const { app } = await createTestConference();
      const response = await app.handle(new Request(`${origin}/openapi.json`));
      const [server] = (await response.json()).servers;
      expect(server.url).toBe('/');
      // Relative to where the document was read, it is the very origin.
      expect(new URL(server.url, `${origin}/openapi.json`).origin).toBe(origin);
    },
  );

  it('types every id as an integer, in the path as in the body', async () => {
    const { app } = await createTestConference();
    const document = await (await send(app, '/openapi.json')).json();
    const path = document.paths['/v1/speaker/{speaker_id}'].get.parameters.find(
      (parameter: { in: string }) => parameter.in === 'path',
    );
    expect(path.schema).toEqual(document.components.schemas.Speaker.properties.id);
    expect(path.schema.type).toBe('integer');
    expect(document.components.schemas.TalkInput.properties.speakers.items.type).toBe('integer');
  });

  it('marks the fields a PUT keeps when left out, and only those', async () => {
    const { app } = await createTestConference();
    const { components, paths } = await (await send(app, '/openapi.json')).json();
    const kept = (schema: string) =>
      Object.entries(components.schemas[schema].properties)
        .filter(([, property]) => (property as Record<string, unknown>)['x-kept-when-omitted'])
        .map(([name]) => name);
    expect(kept('SpeakerInput')).toEqual([]);
    expect(kept('SpeakerInputV2')).toEqual(['twitter']);
    expect(kept('TalkInput')).toEqual(['speakers']);
    const v2Put = paths['/v2/speaker/{speaker_id}'].put.requestBody.content;
    expect(JSON.stringify(v2Put)).toContain('#/components/schemas/SpeakerInputV2');
  });

  // Every example is an answer of the API on the seeded catalogue, as the document says:
  // GET its self link, with the example's media type, and the same document comes back.
  it('gives examples that are the answers of the seeded catalogue', async () => {
    const { app } = await createTestConference();
    const document = await (await send(app, '/openapi.json')).json();
    const exampleAt = ({ $ref }: { $ref: string }) =>
      document.components.examples[$ref.replace('#/components/examples/', '')].value;
    const examples = Object.values(document.paths).flatMap((item) => {
      const get = (item as { get?: Operation }).get;
      return Object.entries(get?.responses['200']?.content ?? {}).flatMap(([type, media]) =>
        Object.values(media.examples ?? {}).map((ref) => ({ type, value: exampleAt(ref) })),
      );
    });
    expect(examples.length).toBeGreaterThan(10);
    for (const { type, value } of examples) {
      const url = new URL(value._links.self.href);
      expect(url.origin).toBe(ORIGIN);
      const answer = await send(app, `${url.pathname}${url.search}`, { headers: { accept: type } });
      expect(await answer.json(), `${type} ${url}`).toEqual(value);
    }
    const body = document.paths['/v1/talk'].post.requestBody.content[JSON_TYPE].examples.seed;
    expect(exampleAt(body).speakers).toEqual([expect.any(Number)]);
  });
});

const FORM = 'application/x-www-form-urlencoded';

/** What the tests of summaries and security read of the document. */
interface Described {
  paths: Record<string, Record<string, DescribedOperation>>;
}

interface DescribedOperation {
  summary: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
}

/**
 * A 401; or, from the token endpoint, the error `invalid_client`, which RFC 6749 (section
 * 5.2) lets it answer with a 400 to a client that sent no credentials at all.
 */
async function refusedForCredentials(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  const body = await response.text();
  return body.startsWith('{') && JSON.parse(body).error === 'invalid_client';
}

function operationsOf(document: Described) {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({ template, method, operation })),
  );
}

interface Operation {
  responses: Record<string, { content?: Record<string, { examples?: Record<string, Ref> }> }>;
}

interface Ref {
  $ref: string;
}

// The document is true: every request of the contract suite (docs/conference-api.md), and
// one request more for each operation it leaves out, sent to `npm run serve`, answers as
// the document the same server serves says it does.
describe('every answer of the running API matches its OpenAPI document', () => {
  let server: ServerProcess;
  let requests: ContractRequest[];
  let exchanges: Exchange[];
  let truth: OpenApiTruth;

  beforeAll(async () => {
    const folder = temporaryFolder();
    const original = join(folder, 'foreign.sqlite');
    const ids = writeForeignCatalogue(original);
    const copy = join(folder, 'conference.sqlite');
    copyFileSync(original, copy);
    server = await startServer(CONFERENCE_SERVE, copy, join(folder, 'oauth.sqlite'));
    requests = [...conferenceContract(ids), ...everyOperation(ids)];
    exchanges = await sendAll(server.url, requests);
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Document;
    truth = new OpenApiTruth(document);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers each request with the status it expects', () => {
    const wrong = exchanges.flatMap((exchange, index) =>
      exchange.status === requests[index]?.status
        ? []
        : [
            `${exchange.method} ${exchange.path}: ${exchange.status}, not ${requests[index]?.status}`,
          ],
    );
    expect(wrong).toEqual([]);
  });

  it('gives only statuses, content types, bodies and headers the document describes', () => {
    expect(exchanges.flatMap((exchange) => truth.check(exchange))).toEqual([]);
  });

  it('succeeds at least once on every operation of the document', () => {
    for (const exchange of exchanges) truth.check(exchange);
    const untried = truth.operations.filter((operation) => !truth.succeeded.has(operation));
    expect(untried).toEqual([]);
  });
});

const json = (value: unknown, type = JSON_TYPE) => ({
  headers: { 'content-type': type },
  body: JSON.stringify(value),
});

/**
 * The operations the contract leaves out: the versioned URLs' writes, the explorer, the
 * document itself, and a body over the limit. Run after the contract, on ids it left alone.
 */
function everyOperation({ speakers, talks }: ForeignIds): ContractRequest[] {
  const [s4, s5, s6] = speakers.slice(3) as [number, number, number];
  const [t4, t5] = talks.slice(3) as [number, number];
  const speaker = { name: 'Grace', url: 'https://grace.example.org', twitter: '@grace' };
  const talk = { title: 'Links all the way down', day: '2027-05-20', speakers: [s4] };
  const previous = { locationOfPrevious: true } as const;
  return [
    { method: 'GET', path: '/openapi.json', status: 200 },
    { method: 'GET', path: '/', headers: { accept: 'text/html' }, status: 200 },
    { method: 'GET', path: '/', headers: { accept: JSON_TYPE }, status: 200 },
    { method: 'GET', path: '/', headers: { accept: V2 }, status: 200 },
    { method: 'GET', path: '/', headers: { accept: 'text/plain' }, status: 406 },
    { method: 'GET', path: '/v1', status: 200 },
    { method: 'GET', path: '/v2', headers: { accept: 'text/html' }, status: 200 },
    { method: 'GET', path: '/v2', headers: { accept: V2 }, status: 200 },
    { method: 'GET', path: '/v1/speaker?page=3', status: 200 },
    { method: 'POST', path: '/v1/speaker', ...json(speaker), status: 201 },
    { method: 'PUT', path: previous, ...json({ ...speaker, twitter: null }), status: 200 },
    { method: 'PATCH', path: `/v1/speaker/${s4}`, ...json({ twitter: '@four' }), status: 200 },
    { method: 'DELETE', path: `/v1/speaker/${s5}`, status: 204 },
    { method: 'GET', path: `/v1/talk/${t4}`, status: 200 },
    { method: 'POST', path: '/v1/talk', ...json(talk), status: 201 },
    { method: 'PUT', path: `/v1/talk/${t4}`, ...json(talk), status: 200 },
    { method: 'PATCH', path: `/v1/talk/${t4}`, ...json({ abstract: null }), status: 200 },
    { method: 'DELETE', path: `/v1/talk/${t5}`, status: 204 },
    { method: 'POST', path: '/v2/speaker', ...json(speaker), status: 201 },
    { method: 'PUT', path: `/v2/speaker/${s4}`, ...json(speaker), status: 200 },
    { method: 'PATCH', path: `/v2/speaker/${s4}`, ...json({ url: null }), status: 200 },
    { method: 'DELETE', path: `/v2/speaker/${s6}`, status: 204 },
    { method: 'GET', path: '/v2/speaker', status: 200 },
    { method: 'GET', path: '/v2/talk?page=2', status: 200 },
    { method: 'GET', path: `/v2/talk/${t4}`, status: 200 },
    { method: 'PUT', path: `/v2/talk/${t4}`, ...json(talk), status: 200 },
    { method: 'PATCH', path: `/v2/talk/${t4}`, ...json({ abstract: null }), status: 200 },
    { method: 'POST', path: '/v2/talk', ...json(talk), status: 201 },
    { method: 'DELETE', path: previous, status: 204 },
    { method: 'PUT', path: `/speaker/${s4}`, ...json(speaker, V2), status: 200 },
    { method: 'GET', path: '/speaker?page=2', headers: { accept: V2 }, status: 200 },
    { method: 'GET', path: '/speaker', headers: { accept: 'text/plain' }, status: 406 },
    // Conditional requests: `*` names any representation there is, and no tag is "stale".
    { method: 'GET', path: `/v1/talk/${t4}`, headers: { 'if-none-match': '*' }, status: 304 },
    { method: 'GET', path: '/v2/speaker', headers: { 'if-none-match': '*' }, status: 304 },
    {
      method: 'PATCH',
      path: `/v1/talk/${t4}`,
      ...json({ abstract: 'Not written' }),
      headers: { 'content-type': JSON_TYPE, 'if-match': '"stale"' },
      status: 412,
    },
    { method: 'DELETE', path: `/speaker/${s4}`, headers: { 'if-match': '"stale"' }, status: 412 },
    {
      method: 'POST',
      path: '/speaker',
      ...json({ name: 'x'.repeat(1024 * 1024) }),
      status: 413,
    },
  ];
}

/**
 * Sends the requests in order, as the contract suite does (the demo editor's credentials
 * unless a request says otherwise, the token of the last token answer for `token`), and
 * keeps each answer whole: status, headers and body text.
 */
async function sendAll(url: string, requests: readonly ContractRequest[]): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  let token = 'no-token-issued-yet';
  for (const request of requests) {
    const location = exchanges.at(-1)?.headers.get('location') ?? '/no-location';
    const path = typeof request.path === 'string' ? request.path : new URL(location).pathname;
    const authorization =
      request.as === 'guest'
        ? undefined
        : request.as === 'token'
          ? `Bearer ${token}`
          : basicAuth(request.as ?? 'editor');
    const response = await fetch(`${url}${path}`, {
      method: request.method,
      headers: { ...(authorization && { authorization }), ...request.headers },
      ...(request.body !== undefined && { body: request.body }),
      redirect: 'manual',
    });
    const text = await response.text();
    if (response.ok && path === '/oauth') token = JSON.parse(text).access_token;
    exchanges.push({
      method: request.method,
      path,
      status: response.status,
      headers: response.headers,
      text,
    });
  }
  return exchanges;
}
