import { expect } from 'vitest';
import type { ForeignIds } from './foreignCatalogue.ts';

const V1 = 'application/vnd.conference.v1+json';
const V2 = 'application/vnd.conference.v2+json';
const JSON_TYPE = 'application/json';
const FORM = 'application/x-www-form-urlencoded';

/** One request of the contract, and the status docs/conference-api.md promises for it. */
export interface ContractRequest {
  method: string;
  /** The path, or where to find it in the previous answer (its Location). */
  path: string | { locationOfPrevious: true };
  headers?: Record<string, string>;
  body?: string;
  /**
   * Who sends it: the demo editor, who may make every write, unless it says otherwise:
   * `guest` sends no credentials, `learner` the demo learner's password, `token` the
   * access token of the last token answer.
   */
  as?: 'guest' | 'learner' | 'token';
  status: number;
  /** Fields the body must have, so that two servers cannot agree by being wrong alike. */
  json?: Record<string, unknown>;
}

/** What a server answered to one request, with its own origin taken out of every URL. */
export interface ContractAnswer {
  request: string;
  status: number;
  contentType: string | null;
  allow: string | null;
  location: string | null;
  /** The `WWW-Authenticate` challenges, their nonces masked: they differ on every answer. */
  challenges: string | null;
  /** The body; the tokens of a token answer masked, since every server issues its own. */
  body: unknown;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const json = (value: unknown, type = JSON_TYPE) => ({
  headers: { 'content-type': type },
  body: JSON.stringify(value),
});

/**
 * Every request of docs/conference-api.md, in an order where each write is seen by the
 * requests after it, over the ids of the catalogue the servers read.
 */
export function conferenceContract({ speakers, talks }: ForeignIds): ContractRequest[] {
  const [s1, s2, s3] = speakers as [number, number, number];
  const [t1, t2, t3] = talks as [number, number, number];
  const lastSpeakerPage = Math.ceil(speakers.length / 25);
  const newTalk = { title: 'Hypermedia at scale', day: '2027-05-19', start_time: '14:00' };
  return [
    // The time zone service.
    { method: 'GET', path: '/timezone', status: 200 },
    {
      method: 'POST',
      path: '/timezone',
      headers: { 'content-type': FORM },
      body: 'timezone=Asia%2FTokyo',
      status: 200,
      json: { timezone: 'Asia/Tokyo' },
    },
    { method: 'POST', path: '/timezone', ...json({ timezone: 'Mars/Base' }), status: 422 },
    { method: 'POST', path: '/timezone', ...json({}), status: 422 },
    { method: 'DELETE', path: '/timezone', status: 405 },

    // Collections and their pages.
    {
      method: 'GET',
      path: '/speaker',
      status: 200,
      json: { total: speakers.length, page: 1, page_count: lastSpeakerPage, count: 25 },
    },
    { method: 'GET', path: '/speaker?page=2', status: 200 },
    {
      method: 'GET',
      path: `/speaker?page=${lastSpeakerPage}`,
      status: 200,
      json: { count: speakers.length - 25 * (lastSpeakerPage - 1) },
    },
    { method: 'GET', path: `/speaker?page=${lastSpeakerPage + 1}`, status: 409 },
    { method: 'GET', path: '/speaker?page=0', status: 400 },
    { method: 'GET', path: '/talk', status: 200, json: { total: talks.length } },
    { method: 'GET', path: `/talk?page=${Math.ceil(talks.length / 25)}`, status: 200 },
    { method: 'GET', path: '/v1/talk?page=2', status: 200 },
    { method: 'GET', path: '/v2/speaker?page=2', status: 200 },

    // Entities, with their embedded relations.
    { method: 'GET', path: `/speaker/${s1}`, status: 200, json: { id: s1 } },
    { method: 'GET', path: `/talk/${t1}`, status: 200, json: { id: t1 } },
    { method: 'GET', path: `/v1/speaker/${s1}`, status: 200 },
    { method: 'GET', path: '/speaker/1', status: 404 },
    { method: 'GET', path: '/speaker/abc', status: 404 },
    { method: 'GET', path: '/nowhere', status: 404 },

    // Media types and versions.
    {
      method: 'GET',
      path: `/speaker/${s1}`,
      headers: { accept: V2 },
      status: 200,
      json: {
        talk_count: expect.any(Number),
        _links: { twitter: { href: `https://twitter.com/speaker${s1}` } },
      },
    },
    { method: 'GET', path: `/v2/speaker/${s1}`, status: 200, json: { id: s1 } },
    { method: 'GET', path: `/speaker/${s2}`, headers: { accept: V1 }, status: 200 },
    { method: 'GET', path: '/speaker', headers: { accept: JSON_TYPE }, status: 200 },
    {
      method: 'GET',
      path: `/talk/${t1}`,
      headers: { accept: `${JSON_TYPE};q=0.5, ${V1}` },
      status: 200,
    },
    { method: 'GET', path: `/talk/${t1}`, headers: { accept: 'text/html' }, status: 406 },
    { method: 'GET', path: '/talk', headers: { accept: V2 }, status: 200 },

    // Writes, each followed by a read of what it changed.
    {
      method: 'POST',
      path: '/talk',
      ...json({ ...newTalk, speakers: [s1, s2] }),
      status: 201,
    },
    { method: 'GET', path: { locationOfPrevious: true }, status: 200, json: newTalk },
    { method: 'POST', path: '/talk', ...json({ ...newTalk, speakers: [s3] }, V1), status: 201 },
    { method: 'POST', path: '/talk', ...json({ ...newTalk, day: '2027-02-30' }), status: 422 },
    {
      method: 'POST',
      path: '/speaker',
      ...json({ name: 'Ada', url: 'https://ada.example.org', twitter: '@ada' }),
      status: 201,
    },
    { method: 'GET', path: { locationOfPrevious: true }, status: 200, json: { name: 'Ada' } },
    { method: 'POST', path: '/speaker', ...json({ name: 'x'.repeat(81) }), status: 422 },
    {
      method: 'POST',
      path: '/speaker',
      headers: { 'content-type': 'text/plain' },
      body: 'Ada',
      status: 415,
    },
    {
      method: 'POST',
      path: '/speaker',
      headers: { 'content-type': JSON_TYPE },
      body: '{"name":',
      status: 400,
    },
    { method: 'PATCH', path: `/speaker/${s1}`, ...json({ twitter: null }), status: 200 },
    { method: 'GET', path: `/v2/speaker/${s1}`, status: 200 },
    {
      method: 'PATCH',
      path: `/speaker/${s2}`,
      ...json({ url: 'https://two.example.org' }, V2),
      status: 200,
    },
    {
      method: 'PUT',
      path: `/talk/${t3}`,
      ...json({ title: 'Replaced', speakers: [s2] }),
      status: 200,
    },
    { method: 'DELETE', path: `/talk/${t2}`, status: 204 },
    { method: 'GET', path: `/talk/${t2}`, status: 404 },
    { method: 'DELETE', path: `/speaker/${s3}`, status: 204 },
    { method: 'GET', path: `/speaker/${s3}`, status: 404 },
    { method: 'GET', path: '/talk', status: 200, json: { total: talks.length + 1 } },

    // Methods a resource does not have.
    { method: 'DELETE', path: '/speaker', status: 405 },
    { method: 'POST', path: `/speaker/${s1}`, status: 405 },
    { method: 'PUT', path: '/talk', ...json(newTalk), status: 405 },

    // Who may write: reads are public, writes need an identity, DELETE needs an editor.
    { method: 'GET', path: `/talk/${t1}`, as: 'guest', status: 200 },
    { method: 'POST', path: '/speaker', as: 'guest', ...json({ name: 'Guest' }), status: 401 },
    {
      method: 'PATCH',
      path: `/v2/speaker/${s1}`,
      as: 'guest',
      ...json({ name: 'Guest' }),
      status: 401,
    },
    { method: 'DELETE', path: `/talk/${t1}`, as: 'guest', status: 401 },
    {
      method: 'POST',
      path: '/speaker',
      headers: { 'content-type': JSON_TYPE, authorization: basic('learner', 'wrong') },
      body: '{"name":"Wrong"}',
      status: 401,
    },
    { method: 'DELETE', path: `/talk/${t1}`, as: 'learner', status: 403 },
    { method: 'GET', path: `/talk/${t1}`, status: 200, json: { id: t1 } },
    { method: 'PATCH', path: `/talk/${t1}`, as: 'learner', ...json({ title: 'L' }), status: 200 },
    {
      method: 'POST',
      path: '/oauth',
      as: 'guest',
      headers: { 'content-type': FORM },
      body: 'grant_type=password&username=learner&password=hyperpipe&client_id=workshop&client_secret=workshop-secret',
      status: 200,
      json: { token_type: 'Bearer' },
    },
    { method: 'POST', path: '/speaker', as: 'token', ...json({ name: 'Bearer' }), status: 201 },
    { method: 'GET', path: { locationOfPrevious: true }, status: 200, json: { name: 'Bearer' } },
    { method: 'DELETE', path: `/speaker/${s2}`, as: 'token', status: 403 },
    {
      method: 'POST',
      path: '/speaker',
      headers: { 'content-type': JSON_TYPE, authorization: 'Bearer not-a-token-it-issued' },
      body: '{"name":"Forged"}',
      status: 401,
    },
    {
      method: 'POST',
      path: '/oauth',
      as: 'guest',
      headers: { 'content-type': FORM },
      body: 'grant_type=password&username=learner&password=wrong&client_id=workshop&client_secret=workshop-secret',
      status: 400,
      json: { error: 'invalid_grant' },
    },
  ];
}

/**
 * The demo identities of the conference API (DESIGN.md, "Decisions"). Requests are the
 * editor's, who may make every write, unless they say otherwise.
 */
const CREDENTIALS = {
  editor: basic('editor', 'hyperpipe-editor'),
  learner: basic('learner', 'hyperpipe'),
};

/** The `authorization` header of a request, if it has one. */
function authorizationOf(request: ContractRequest, token: string | undefined): string | undefined {
  if (request.as === 'guest') return undefined;
  if (request.as === 'token') return `Bearer ${token ?? 'no-token-issued-before'}`;
  return CREDENTIALS[request.as ?? 'editor'];
}

/** Sends the contract's requests to the server at `url`, in order, and returns its answers. */
export async function runContract(
  url: string,
  requests: readonly ContractRequest[],
): Promise<ContractAnswer[]> {
  const answers: ContractAnswer[] = [];
  let token: string | undefined;
  for (const request of requests) {
    const path =
      typeof request.path === 'string'
        ? request.path
        : (answers.at(-1)?.location ?? '/no-location-in-the-previous-answer');
    const authorization = authorizationOf(request, token);
    const init: RequestInit = {
      method: request.method,
      headers: { ...(authorization && { authorization }), ...request.headers },
      redirect: 'manual',
    };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    const body = text === '' ? '' : withoutOrigin(parseOrText(text), url);
    token = accessTokenOf(body) ?? token;
    const location = response.headers.get('location');
    answers.push({
      request: `${request.as ?? 'editor'}: ${request.method} ${path} ${JSON.stringify(request.headers ?? {})}`,
      status: response.status,
      contentType: response.headers.get('content-type'),
      allow: response.headers.get('allow'),
      location: location?.startsWith(`${url}/`) ? location.slice(url.length) : location,
      challenges:
        response.headers.get('www-authenticate')?.replace(/nonce="[^"]*"/g, 'nonce="…"') ?? null,
      body: accessTokenOf(body) === undefined ? body : withoutTokens(body as TokenAnswer),
    });
  }
  return answers;
}

/** The body of a token answer (RFC 6749, section 5.1). */
interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

function accessTokenOf(body: unknown): string | undefined {
  const token = (body as Partial<TokenAnswer> | null)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

/** A token answer with what differs from one server to the next (and from one second to the next) masked. */
function withoutTokens(body: TokenAnswer): unknown {
  return {
    ...body,
    access_token: '(an access token)',
    ...(body.refresh_token !== undefined && { refresh_token: '(a refresh token)' }),
    ...(typeof body.expires_in === 'number' && {
      expires_in:
        body.expires_in > 3500 && body.expires_in <= 3600 ? '(about an hour)' : body.expires_in,
    }),
  };
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A value with every URL of `origin` in it made a path, so servers on other ports compare. */
function withoutOrigin(value: unknown, origin: string): unknown {
  if (typeof value === 'string') {
    return value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  }
  if (Array.isArray(value)) return value.map((item) => withoutOrigin(item, origin));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withoutOrigin(item, origin)]),
    );
  }
  return value;
}
