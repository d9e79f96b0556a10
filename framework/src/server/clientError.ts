import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type SyntaxRefusal, versionNotSupported } from './requestSyntax.ts';
import { writeProblemToSocket } from './writeProblem.ts';

/**
 * A socket as node:http hands it over. `_httpMessage` is its name for the answer it is
 * writing on the socket, if any; its own parse-error answer checks the same field.
 */
export interface HttpSocket extends Socket {
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
  const { status, detail } = refusalOf(error);
  writeProblemToSocket(socket, status, detail);
}

/** Lets the answer in progress finish, then closes the connection. */
function closeAfter(answer: ServerResponse, socket: Socket): void {
  // Before its head is written, `Connection: close` makes node:http close after it.
  if (!answer.headersSent) answer.setHeader('connection', 'close');
  else answer.once('finish', () => socket.destroySoon());
}

/** The version a request line names, as in `GET / HTTP/3.0`: `3.0`, and its major number. */
const REQUEST_LINE_VERSION = /^\S+ \S+ HTTP\/((\d+)(?:\.\d+)?)\r?\n/;

type ParseError = NodeJS.ErrnoException & { reason?: string; rawPacket?: Buffer };

function refusalOf(error: ParseError): SyntaxRefusal {
  const version = otherMajorVersion(error);
  if (version !== undefined) return versionNotSupported(version);
  return { status: statusOf(error), detail: detailOf(error) };
}

/**
 * The version of a request the parser refused for its version, when its major number is
 * not 1. The parser knows HTTP/0.9, 1.0, 1.1 and 2.0 only, and refuses HTTP/2.0 when it
 * starts HTTP/2's connection preface (`PRI * HTTP/2.0`); `HTTP/3.0` is as much a version
 * this server does not speak as `HTTP/2.0` (see `requestSyntax.ts`), and gets the same
 * 505. A version 1 the parser refuses, such as `HTTP/1.2`, stays a 400.
 */
function otherMajorVersion(error: ParseError): string | undefined {
  if (error.code !== 'HPE_INVALID_VERSION' && error.code !== 'HPE_PAUSED_H2_UPGRADE') return;
  const match = REQUEST_LINE_VERSION.exec(error.rawPacket?.toString('latin1') ?? '');
  return match && match[2] !== '1' ? match[1] : undefined;
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

function detailOf(error: ParseError): string {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'The request headers are too large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request took too long to arrive';
    default:
      return `The request is not valid HTTP/1.1: ${error.reason ?? error.message}`;
  }
}
