// The HAL peer on Fastify 5 (no logger, no schemas): the same documents, SQL and headers as
// halRaw.ts (halDocuments.ts), routed and answered as a Fastify user writes it by hand.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { announce, HOST } from './announce.ts';
import { halHeaders, speakerDocument, speakerPageDocument } from './halDocuments.ts';

const app = Fastify({ logger: false });

/** The document as HAL, or a bare 404 when there is none (as halRaw.ts answers). */
function hal(reply: FastifyReply, document: object | undefined): FastifyReply {
  if (document === undefined) return reply.code(404).send();
  // As bytes: Fastify appends `; charset=utf-8` to any JSON type sent as a string, and the
  // API sends `application/hal+json` without (JSON has no charset parameter, RFC 8259 §11).
  const body = Buffer.from(JSON.stringify(document));
  return reply.headers(halHeaders(body)).send(body);
}

/** Links are absolute, from the origin the client asked. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

app.get<{ Params: { id: string } }>('/speaker/:id', (request, reply) => {
  const { id } = request.params;
  if (!/^[1-9]\d{0,14}$/.test(id)) return reply.code(404).send();
  return hal(reply, speakerDocument(originOf(request), Number(id)));
});
app.get<{ Querystring: { page?: string } }>('/speaker', (request, reply) => {
  const { page = '1' } = request.query;
  if (!/^[1-9]\d*$/.test(page)) return reply.code(404).send();
  return hal(reply, speakerPageDocument(originOf(request), Number(page)));
});

await app.listen({ port: 0, host: HOST });
announce((app.server.address() as AddressInfo).port);
