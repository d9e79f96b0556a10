import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import md5 from 'apache-md5';
import bcrypt from 'bcryptjs';
import { afterAll } from 'vitest';
import type {
  AuthenticationAttempt,
  AuthenticationLimits,
  GuessOutcome,
} from '../../src/auth/blocks.ts';
import {
  type AuthenticationLimitsOptions,
  type AuthorizationConfig,
  authConfigProvider,
  type ForwardedHeader,
  IDENTITY,
} from '../../src/auth/index.ts';
import {
  type Application,
  ApplicationFactory,
  createContainer,
  type EventManager,
  json,
  type ServerRequest,
} from '../../src/index.ts';
import { ProblemMiddleware } from '../../src/problem/index.ts';

export const REALM = 'test';

/** Temporary folders, removed when the test file ends. */
export function useTemporaryFolder(): () => string {
  const created: string[] = [];
  afterAll(() => {
    for (const folder of created) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), 'hyperpipe-auth-'));
    created.push(folder);
    return folder;
  };
}

export const hex = (algorithm: string, text: string) =>
  createHash(algorithm).update(text).digest('hex');

/** An htpasswd file with one user per hash format, every password `secret-<user>`. */
export function writeHtpasswd(folder: string): string {
  const path = join(folder, 'users.htpasswd');
  const sha = createHash('sha1').update('secret-sha').digest('base64');
  writeFileSync(
    path,
    [
      '# users of the tests',
      `bcrypt2y:${bcrypt.hashSync('secret-bcrypt2y', 4).replace('$2b$', '$2y$')}`,
      `bcrypt2b:${bcrypt.hashSync('secret-bcrypt2b', 4)}`,
      `apr1:${md5('secret-apr1')}`,
      `sha:{SHA}${sha}`,
      'crypt:rOWa0JtbJjPTk',
      '',
    ].join('\n'),
  );
  return path;
}

/** An htdigest file: `alice` with MD5 and SHA-256 lines, `bob` with MD5 only. */
export function writeHtdigest(folder: string): string {
  const path = join(folder, 'users.htdigest');
  writeFileSync(
    path,
    [
      `alice:${REALM}:${hex('md5', `alice:${REALM}:alice-pw`)}`,
      `alice:${REALM}:${hex('sha256', `alice:${REALM}:alice-pw`)}`,
      `bob:${REALM}:${hex('md5', `bob:${REALM}:bob-pw`)}`,
      `carol:elsewhere:${hex('md5', 'carol:elsewhere:carol-pw')}`,
    ].join('\n'),
  );
  return path;
}

/**
 * An application configured like a real one: every adapter, rules that protect writes of
 * `Books` and the RPC action `Stats::reset`, and routes that answer who they saw.
 */
export function createAuthApp(
  folder: string,
  options: {
    tokenDatabase?: string;
    accessTokenLifetime?: number;
    limits?: AuthenticationLimitsOptions;
    trustedProxies?: readonly string[];
    forwardedHeader?: ForwardedHeader;
    authorization?: AuthorizationConfig;
  } = {},
): { app: Application; events: EventManager } {
  const htpasswd = writeHtpasswd(folder);
  const container = createContainer({
    ...authConfigProvider(),
    authentication: {
      realm: REALM,
      roles: { apr1: ['editor'] },
      ...(options.limits ? { limits: options.limits } : {}),
      trustedProxies: options.trustedProxies,
      forwardedHeader: options.forwardedHeader,
      basic: { htpasswd },
      digest: { htdigest: writeHtdigest(folder), nonceLifetime: 60 },
      oauth2: {
        database: options.tokenDatabase ?? ':memory:',
        accessTokenLifetime: options.accessTokenLifetime ?? 3600,
        clients: {
          app: {
            secret: 'app-secret',
            grants: ['password', 'client_credentials', 'refresh_token'],
          },
          narrow: { secret: 'narrow-secret', grants: ['client_credentials'] },
        },
      },
    },
    authorization: options.authorization ?? {
      Books: { collection: ['POST'], entity: ['PUT', 'DELETE'] },
      Stats: { actions: { reset: ['POST'] } },
    },
    middleware_pipeline: [
      {
        middleware: [
          ApplicationFactory.ROUTING_MIDDLEWARE,
          'AuthenticationMiddleware',
          'AuthorizationMiddleware',
          ApplicationFactory.DISPATCH_MIDDLEWARE,
        ],
      },
      { middleware: new ProblemMiddleware(), error: true, priority: -100 },
    ],
    routes: [
      {
        path: '/oauth',
        middleware: 'OAuth2TokenEndpoint',
        allowed_methods: ['POST'],
        options: { authentication: false },
      },
      { path: '/stats', middleware: answerWho, name: 'Stats::reset' },
    ],
  });
  const app = container.get('Application') as Application;
  routeBooks(app, { entity: ['GET', 'PUT', 'PATCH', 'DELETE'] });
  return { app, events: container.get('EventManager') as EventManager };
}

/**
 * The pipeline of an application that authenticates and does not authorize: routing, the
 * authentication middleware and dispatch, with problems for what goes wrong.
 */
export function authenticatingPipeline() {
  return [
    {
      middleware: [
        ApplicationFactory.ROUTING_MIDDLEWARE,
        'AuthenticationMiddleware',
        ApplicationFactory.DISPATCH_MIDDLEWARE,
      ],
    },
    { middleware: new ProblemMiddleware(), error: true, priority: -100 },
  ];
}

/**
 * Routes the resource `Books` as registerResource names its kinds: the collection, and each
 * book with the `entity` methods, both answered by `answer`. Added after the application is
 * built, before it runs.
 */
export function routeBooks(
  app: Application,
  {
    entity = ['GET', 'PATCH', 'DELETE'],
    answer = answerWho,
  }: { entity?: string[]; answer?: (request: ServerRequest) => Response } = {},
): void {
  app.route('/books', answer, ['GET', 'POST']).setOptions({ resource: 'Books::collection' });
  app.route('/books/{id}', answer, entity).setOptions({ resource: 'Books::entity' });
}

/** Answers with the identity the request carries. */
function answerWho(request: ServerRequest): Response {
  const identity = request.getAttribute(IDENTITY);
  return json({ who: identity?.name ?? 'guest', roles: identity?.roles ?? [] });
}

/** Sends a request to the application in-process. */
export function call(
  app: Application,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, init));
}

export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The challenges of a 401. Headers joins repeated headers with ", "; each challenge starts with its scheme. */
export function challenges(response: Response): string[] {
  const joined = response.headers.get('www-authenticate') ?? '';
  return joined.split(/, (?=(?:Basic|Digest|Bearer) )/);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request from a loopback address of our choosing: each is another client to the server. */
export function from(
  address: string,
  server: { readonly port: number },
  path: string,
  headers: Record<string, string>,
  body = '',
  method = 'POST',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port: server.port, path, method, headers };
    const sent = httpRequest({ ...options, localAddress: address, agent: false }, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
      );
    });
    sent.on('error', reject).end(body);
  });
}

/** One guess at `attempt` under `limits`, settled as `outcome`: the seconds to wait after it. */
export async function tried(
  limits: AuthenticationLimits,
  attempt: AuthenticationAttempt,
  outcome: GuessOutcome,
): Promise<number> {
  const admission = await limits.admit(attempt);
  return admission.retryAfter > 0 ? admission.retryAfter : admission.settle(outcome);
}

/** The seconds an attempt must wait before anything is checked; the count is taken back. */
export async function waitOf(limits: AuthenticationLimits, attempt: AuthenticationAttempt) {
  const admission = await limits.admit(attempt);
  await admission.settle('unchecked');
  return admission.retryAfter;
}

export interface DigestOptions {
  user?: string;
  password?: string;
  algorithm?: 'MD5' | 'SHA-256';
  nc?: string;
  uri?: string;
  realm?: string;
  method?: string;
}

/** The Authorization header a Digest client computes for a nonce (RFC 7616 section 3.4.1). */
export function digest(nonce: string, options: DigestOptions = {}): string {
  const { user = 'alice', password = 'alice-pw', algorithm = 'MD5', nc = '00000001' } = options;
  const { uri = '/books', realm = REALM, method = 'POST' } = options;
  const h = (text: string) => hex(algorithm === 'MD5' ? 'md5' : 'sha256', text);
  const cnonce = 'f00dcafe';
  const response = h(
    `${h(`${user}:${realm}:${password}`)}:${nonce}:${nc}:${cnonce}:auth:${h(`${method}:${uri}`)}`,
  );
  return (
    `Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", ` +
    `algorithm=${algorithm}, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}"`
  );
}

/**
 * An application built from configuration, as the authorization tests use it: a plain route
 * `ping` (the methods given), a route named as an RPC action, `Stats::reset` (POST), and the
 * REST resource `Books`, under `authorization`; each answers with who it saw. The users of
 * {@link writeHtpasswd} authenticate with Basic.
 */
export function authorizationApp(
  folder: string,
  authorization: unknown,
  pingMethods: string[],
): Application {
  const answerWho = (request: ServerRequest) =>
    json({ who: request.getAttribute(IDENTITY)?.name ?? 'guest' });
  const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;
  const container = createContainer({
    ...authConfigProvider(),
    authentication: { realm: REALM, basic: { htpasswd: writeHtpasswd(folder) } },
    authorization,
    middleware_pipeline: [
      {
        middleware: [
          ROUTING_MIDDLEWARE,
          'AuthenticationMiddleware',
          'AuthorizationMiddleware',
          DISPATCH_MIDDLEWARE,
        ],
      },
      { middleware: new ProblemMiddleware(), error: true, priority: -100 },
    ],
    routes: [
      { path: '/ping', middleware: answerWho, allowed_methods: pingMethods, name: 'ping' },
      { path: '/stats', middleware: answerWho, allowed_methods: ['POST'], name: 'Stats::reset' },
    ],
  });
  const app = container.get('Application') as Application;
  routeBooks(app, { answer: answerWho });
  return app;
}
