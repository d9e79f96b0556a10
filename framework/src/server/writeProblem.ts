import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { reasonPhrase } from '../http/HttpError.ts';
import { ApiProblem, PROBLEM_MEDIA_TYPE } from '../problem/ApiProblem.ts';
import { DEFAULT_HEADERS } from './defaultHeaders.ts';

/**
 * Answers a request the application never sees with an API Problem, and closes the
 * connection after it: what follows the request on the connection cannot be trusted.
 */
export function writeProblem(response: ServerResponse, status: number, detail: string): void {
  const body = JSON.stringify(new ApiProblem(status, detail));
  response.writeHead(status, {
    ...DEFAULT_HEADERS,
    'content-type': PROBLEM_MEDIA_TYPE,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/** The same answer written straight to a socket node:http has handed over, as for `CONNECT`. */
export function writeProblemToSocket(socket: Socket, status: number, detail: string): void {
  const body = JSON.stringify(new ApiProblem(status, detail));
  const headers = {
    ...DEFAULT_HEADERS,
    'content-type': PROBLEM_MEDIA_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`HTTP/1.1 ${status} ${reasonPhrase(status)}\r\n${head.join('')}\r\n${body}`);
  socket.destroySoon();
}
