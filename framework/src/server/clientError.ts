import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { writeProblemToSocket } from './writeProblem.ts';

/**
 * A socket as node:http hands it over. `_httpMessage` is its name for the answer it is
 * writing on the socket, if any; its own parse-error answer checks the same field.
 */
interface HttpSocket extends Socket {
  _httpMessage?: ServerResponse | null;
}

/**
 * Answers bytes node:http cannot parse as HTTP/1.1 (a lowercase or unknown method, a bad
 * header, a body sent without `Content-Length` or chunked framing) with an API Problem,
 * then closes the connection gracefully (see `lingeringClose.ts`).
 *
 * Without a `clientError` listener node:http writes a bare `400 Bad Request` and destroys
 * the socket at once. What the client is still sending then earns it a reset, which can
 * wipe out that 400 before the client reads it: it sees a broken connection instead.
 *
 * When the bad bytes follow a whole request, as a GET's body sent with no framing does,
 * that request still gets its own answer, and the connection closes after it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A client that reset the connection is gone: nobody is left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    socket.destroy();
    return;
  }
  // Already closing: the first error was answered, and what follows is read and dropped.
  if (!socket.writable) return;
  const answering = (socket as HttpSocket)._httpMessage;
  // After a whole request, or once its answer has begun, the bad bytes cannot be answered
  // on their own: the answer on its way is the last one (node:http keeps the same rule).
  if (answering?.req.complete || answering?.headersSent) {
    closeAfter(answering, socket);
    return;
  }
  // Else they belong to the request being read, such as a broken chunk of its body: it
  // gets the problem, and whatever the application still answers is dropped.
  writeProblemToSocket(socket, statusOf(error), detailOf(error));
}

/** Lets the answer in progress finish, then closes the connection. */
function closeAfter(answer: ServerResponse, socket: Socket): void {
  // Before its head is written, `Connection: close` makes node:http close after it.
  if (!answer.headersSent) answer.setHeader('connection', 'close');
  else answer.once('finish', () => socket.destroySoon());
}

function statusOf(error: NodeJS.ErrnoException): number {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

function detailOf(error: NodeJS.ErrnoException & { reason?: string }): string {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'The request headers are too large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request took too long to arrive';
    default:
      return `The request is not valid HTTP/1.1: ${error.reason ?? error.message}`;
  }
}
