// The feature-equivalent HAL peer on Fastify 5: what the conference API does on
// `GET /speaker/{id}` and `GET /speaker?page=N`, with Fastify's own plugins. @fastify/accepts
// negotiates HAL, JSON and the vendor types of versions 1 and 2 (406 for anything else),
// @fastify/etag answers `If-None-Match` with 304, @fastify/basic-auth checks the Basic
// credentials a client presents (GETs stay public), and an error handler turns every error
// into a problem. The documents are halDocuments.ts's, as in the byte-only peers; each route
// declares their response schemas (halSchemas.ts), so Fastify serializes them with what it
// compiled from those.
import type { AddressInfo } from 'node:net';
import fastifyAccepts from '@fastify/accepts';
import fastifyBasicAuth from '@fastify/basic-auth';
import fastifyEtag from '@fastify/etag';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { announce, HOST } from './announce.ts';
import { representationTag, speakerDocument, speakerPageDocument } from './halDocuments.ts';
import {
  challenges,
  DEFAULT_HEADERS,
  DETAILS,
  MEDIA_TYPES,
  PROBLEM,
  passwordMatches,
  problemBody,
  versionOf,
} from './halPeerFeatures.ts';
import { speakerPageResponses, speakerResponses } from './halSchemas.ts';

const app = Fastify({ logger: false });
await app.register(fastifyAccepts);
// The tag is set by the route (it names the media type too); the plugin compares it with
// `If-None-Match` and answers 304.
await app.register(fastifyEtag);
await app.register(fastifyBasicAuth, {
  validate: async (user, password) => {
    if (!(await passwordMatches(user, password))) throw new Error(DETAILS.badPassword);
  },
  authenticate: false,
});

app.addHook('onRequest', async (_request, reply) => {
  reply.headers(DEFAULT_HEADERS);
});
// Credentials are looked at when a client presents them; without any, GETs are public.
app.addHook('onRequest', (request, reply, done) => {
  if (/^basic /i.test(request.headers.authorization ?? '')) app.basicAuth(request, reply, done);
  else done();
});
// After @fastify/etag's own hook: it tags every string it sees, but an error is no
// representation to revalidate; and its 304 keeps the Content-Type of the body it dropped.
app.addHook('onSend', async (_request, reply) => {
  if (reply.statusCode >= 400) reply.removeHeader('etag');
  if (reply.statusCode === 304) reply.removeHeader('content-type');
});

/** Sends a problem (as bytes, or Fastify would append `; charset=utf-8`). */
function problem(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply
    .code(status)
    .type(PROBLEM)
    .send(Buffer.from(problemBody(status, detail)));
}

app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
  const status = error.statusCode ?? 500;
  if (status === 401) reply.header('www-authenticate', challenges());
  return problem(reply, status, error.message);
});
app.setNotFoundHandler((request, reply) => problem(reply, 404, DETAILS.noRoute(request.url)));

/** The media type the client accepts best, or `undefined` once a 406 problem is sent. */
function negotiate(request: FastifyRequest, reply: FastifyReply): string | undefined {
  // One of the types offered, or false when the client accepts none.
  const mediaType = request.type(MEDIA_TYPES);
  if (typeof mediaType !== 'string') {
    problem(reply, 406, DETAILS.notAcceptable);
    return undefined;
  }
  // From here on the answer, a problem included, depends on Accept.
  reply.header('vary', 'Accept');
  return mediaType;
}

/**
 * The document in the negotiated media type, tagged as that representation: serialized by
 * the route's response schema for that type, here rather than by `send`, since the tag is
 * made from the bytes.
 */
function represent(reply: FastifyReply, mediaType: string, document: object): FastifyReply {
  // Fastify types what a serializer returns as unknown; fast-json-stringify returns a string.
  const text = reply.serializeInput(document as Record<string, unknown>, '200', mediaType);
  const body = Buffer.from(text as string);
  return reply.type(mediaType).header('etag', representationTag(mediaType, body)).send(body);
}

/** Links are absolute, from the origin the client asked. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

app.get<{ Params: { id: string } }>(
  '/speaker/:id(^[1-9]\\d{0,14}$)',
  { schema: { response: speakerResponses } },
  (request, reply) => {
    const mediaType = negotiate(request, reply);
    if (mediaType === undefined) return reply;
    const id = Number(request.params.id);
    const document = speakerDocument(originOf(request), id, versionOf(mediaType));
    if (document === undefined) return problem(reply, 404, DETAILS.noEntity);
    return represent(reply, mediaType, document);
  },
);
app.get<{ Querystring: { page?: string } }>(
  '/speaker',
  { schema: { response: speakerPageResponses } },
  (request, reply) => {
    const mediaType = negotiate(request, reply);
    if (mediaType === undefined) return reply;
    const { page = '1' } = request.query;
    if (!/^[1-9]\d*$/.test(page)) return problem(reply, 400, DETAILS.badPage);
    const version = versionOf(mediaType);
    const document = speakerPageDocument(originOf(request), Number(page), version);
    if (document === undefined) return problem(reply, 409, DETAILS.pastLastPage);
    return represent(reply, mediaType, document);
  },
);

await app.listen({ port: 0, host: HOST });
announce((app.server.address() as AddressInfo).port);
