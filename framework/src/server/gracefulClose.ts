import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpSocket } from './clientError.ts';

/** What {@link closeGracefully} gives the server: the close, and a look at each request. */
export interface GracefulClose {
  /** Stops listening and resolves once every connection is closed; the same promise each call. */
  close(): Promise<void>;
  /** Makes the answer to a request that arrives while closing the last on its connection. */
  markIfClosing(response: ServerResponse): void;
}

/**
 * Closes `server` without cutting off a request whose answer a client is waiting for:
 *
 * - idle kept-alive connections close at once, instead of holding `close()` open until the
 *   client drops them or `keepAliveTimeout` passes;
 * - a request in flight finishes, and its answer says `Connection: close`, as does the
 *   answer to any request that arrives on an open connection meanwhile: the client knows
 *   not to send another on it, and node:http closes the connection after that answer;
 * - what is still open after `timeout` ms is closed whatever it is doing.
 *
 * Closing a connection as soon as its answer ended, as a sweep of `closeIdleConnections()`
 * every 20 ms did, reset every client of a writer load once: the answer had said
 * `keep-alive`, so the client sent its next request on that connection, and met the close.
 * One race is left, which HTTP/1.1 cannot rule out: a request already on its way over a
 * connection idle at the moment `close()` begins (RFC 9112 §9.3.1 lets clients retry it).
 */
export function closeGracefully(server: Server, timeout: number): GracefulClose {
  const sockets = new Set<HttpSocket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      // Stops listening, and since Node 19 also closes the connections idle right now.
      server.close((error) => (error ? reject(error) : resolve()));
      for (const socket of sockets) lastOnItsConnection(server, socket._httpMessage);
      setTimeout(() => server.closeAllConnections(), timeout).unref();
    });
    return closing;
  };
  const markIfClosing = (response: ServerResponse) => {
    if (closing !== undefined) response.setHeader('connection', 'close');
  };
  return { close, markIfClosing };
}

/** Makes the answer being written on a connection its last, once it is done. */
function lastOnItsConnection(server: Server, answer: ServerResponse | null | undefined): void {
  if (!answer || answer.writableFinished) return;
  // Before its head is written, `Connection: close` makes node:http close after it.
  if (!answer.headersSent) answer.setHeader('connection', 'close');
  // Else its head said keep-alive: close the connection once it is idle after the answer.
  else answer.once('finish', () => setImmediate(() => server.closeIdleConnections()));
}
