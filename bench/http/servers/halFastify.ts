// The HAL peer on Fastify 5 (no logger): the same documents, SQL and headers as halRaw.ts
// (halDocuments.ts), routed and answered as a Fastify user writes it by hand, each route with
// its response schema (halSchemas.ts), which Fastify compiles its serializer from.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { announce, HOST } from './announce.ts';
import { halHeaders, speakerDocument, speakerPageDocument } from './halDocuments.ts';
import { speakerPageSchema, speakerSchema } from './halSchemas.ts';

const app = Fastify({ logger: false });

/** The document as HAL, or a bare 404 when there is none (as halRaw.ts answers). */
function hal(reply: FastifyReply, document: object | undefined): FastifyReply {
  if (document === undefined) return reply.code(404).send();
  // As bytes: Fastify appends `; charset=utf-8` to any JSON type sent as a string, and the
  // API sends `application/hal+json` without (JSON has no charset parameter, RFC 8259 §11).
  // Serialized by the route's response schema, here rather than by `send`: the tag hashes it.
  const body = Buffer.from(reply.serialize(document) as string);
  return reply.headers(halHeaders(body)).send(body);
}

/** Links are absolute, from the origin the client asked. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

app.get<{ Params: { id: string } }>(
  '/speaker/:id',
  { schema: { response: { 200: speakerSchema } } },
  (request, reply) => {
    const { id } = request.params;
    if (!/^[1-9]\d{0,14}$/.test(id)) return reply.code(404).send();
    return hal(reply, speakerDocument(originOf(request), Number(id)));
  },
);
app.get<{ Querystring: { page?: string } }>(
  '/speaker',
  { schema: { response: { 200: speakerPageSchema } } },
  (request, reply) => {
    const { page = '1' } = request.query;
    if (!/^[1-9]\d*$/.test(page)) return reply.code(404).send();
    return hal(reply, speakerPageDocument(originOf(request), Number(page)));
  },
);

await app.listen({ port: 0, host: HOST });
announce((app.server.address() as AddressInfo).port);
