// The feature-equivalent HAL peer on Hono 4 (on @hono/node-server, as Hyperpipe): what the
// conference API does on `GET /speaker/{id}` and `GET /speaker?page=N`, with Hono's own
// middleware and helpers. `hono/accepts` negotiates HAL, JSON and the vendor types of versions
// 1 and 2 (406 for anything else), `hono/etag` answers `If-None-Match` with 304,
// `hono/basic-auth` checks the Basic credentials a client presents (GETs stay public), and
// `onError`/`notFound` turn every error into a problem. The documents are halDocuments.ts's,
// as in the byte-only peers.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { accepts } from 'hono/accepts';
import { basicAuth } from 'hono/basic-auth';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { announce, HOST } from './announce.ts';
import { representationTag, speakerDocument, speakerPageDocument } from './halDocuments.ts';
import {
  challenges,
  DEFAULT_HEADERS,
  DETAILS,
  HAL,
  MEDIA_TYPES,
  PROBLEM,
  passwordMatches,
  problemBody,
  versionOf,
} from './halPeerFeatures.ts';

const app = new Hono();

/** A problem answer; a 401 offers every scheme the conference API accepts. */
function problem(c: Context, status: ContentfulStatusCode, detail: string): Response {
  if (status === 401) c.header('www-authenticate', challenges());
  return c.body(problemBody(status, detail), status, { 'content-type': PROBLEM });
}

// Outermost, so that a 304 and a problem get them too.
app.use(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(DEFAULT_HEADERS)) c.res.headers.set(name, value);
});
// Credentials are looked at when a client presents them; without any, GETs are public.
const checkBasic = basicAuth({ verifyUser: passwordMatches, realm: 'conference' });
app.use((c, next) =>
  /^basic /i.test(c.req.header('authorization') ?? '') ? checkBasic(c, next) : next(),
);
// The tag is set by the route (it names the media type too); etag() compares it with
// `If-None-Match` and answers 304.
app.use(etag());

app.onError((error, c) => {
  if (error instanceof HTTPException && error.status === 401) {
    return problem(c, 401, DETAILS.badPassword);
  }
  throw error;
});
app.notFound((c) => problem(c, 404, DETAILS.noRoute(c.req.path)));

/**
 * Stands for `*` / `*` among the types offered: Hono's matcher compares a full wildcard with
 * no type, and leaves it to `default`, which must stay empty to tell a 406 apart.
 */
const ANY = '*/*';

/** The media type the client accepts best, or `undefined` when it accepts none (a 406). */
function negotiate(c: Context): string | undefined {
  // A client that sends no Accept takes anything.
  if (!c.req.header('accept')) return HAL;
  const mediaType = accepts(c, { header: 'Accept', supports: [...MEDIA_TYPES, ANY], default: '' });
  if (mediaType === '') return undefined;
  return mediaType === ANY ? HAL : mediaType;
}

/** The document in the negotiated media type, tagged as that representation. */
function represent(c: Context, mediaType: string, document: object): Response {
  const body = JSON.stringify(document);
  const headers = { 'content-type': mediaType, etag: representationTag(mediaType, body) };
  return c.body(body, 200, headers);
}

/** Links are absolute, from the origin the client asked. */
const originOf = (c: Context) => new URL(c.req.url).origin;

app.get('/speaker/:id{[1-9][0-9]{0,14}}', (c) => {
  const mediaType = negotiate(c);
  if (mediaType === undefined) return problem(c, 406, DETAILS.notAcceptable);
  // From here on the answer, a problem included, depends on Accept.
  c.header('vary', 'Accept');
  const id = Number(c.req.param('id'));
  const document = speakerDocument(originOf(c), id, versionOf(mediaType));
  if (document === undefined) return problem(c, 404, DETAILS.noEntity);
  return represent(c, mediaType, document);
});
app.get('/speaker', (c) => {
  const mediaType = negotiate(c);
  if (mediaType === undefined) return problem(c, 406, DETAILS.notAcceptable);
  c.header('vary', 'Accept');
  const page = c.req.query('page') ?? '1';
  if (!/^[1-9]\d*$/.test(page)) return problem(c, 400, DETAILS.badPage);
  const document = speakerPageDocument(originOf(c), Number(page), versionOf(mediaType));
  if (document === undefined) return problem(c, 409, DETAILS.pastLastPage);
  return represent(c, mediaType, document);
});

serve({ fetch: app.fetch, port: 0, hostname: HOST }, (info: AddressInfo) => announce(info.port));
