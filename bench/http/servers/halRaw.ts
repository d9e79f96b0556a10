// The HAL baseline: node:http by hand, answering the conference API's `GET /speaker/{id}` and
// `GET /speaker?page=N` with the very bytes and headers Hyperpipe sends; the documents and the
// SQL behind them are in halDocuments.ts, shared with the Hono and Fastify peers.
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce, HOST } from './announce.ts';
import { halHeaders, speakerDocument, speakerPageDocument } from './halDocuments.ts';

function answer(request: IncomingMessage): object | undefined {
  const origin = `http://${request.headers.host}`;
  const url = request.url ?? '/';
  const entity = /^\/speaker\/([1-9]\d{0,14})$/.exec(url);
  if (entity) return speakerDocument(origin, Number(entity[1]));
  const collection = /^\/speaker(?:\?page=([1-9]\d*))?$/.exec(url);
  if (collection) return speakerPageDocument(origin, Number(collection[1] ?? 1));
  return undefined;
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const document = request.method === 'GET' ? answer(request) : undefined;
  if (document === undefined) {
    response.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(document);
  const headers: OutgoingHttpHeaders = halHeaders(body);
  headers['content-length'] = Buffer.byteLength(body);
  response.writeHead(200, headers);
  response.end(body);
}

const server = createServer(handle);
server.listen(0, HOST, () => announce((server.address() as AddressInfo).port));
