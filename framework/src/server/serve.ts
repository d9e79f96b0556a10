import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { FetchHandler, RunningServer, ServeOptions } from '../application/Runner.ts';
import { setServedAnswer } from '../http/clientAddress.ts';
import { ThrottledLog } from '../http/throttledLog.ts';
import { answerAdapterError } from './adapterError.ts';
import { answerClientError } from './clientError.ts';
import { limitConnections, timeoutOptions } from './connectionLimits.ts';
import { sendDefaultHeaders } from './defaultHeaders.ts';
import { closeGracefully } from './gracefulClose.ts';
import { closeLingering } from './lingeringClose.ts';
import { parsePublicUrl, usePublicOrigin } from './publicOrigin.ts';
import { checkRequestSyntax } from './requestSyntax.ts';
import { writeProblem, writeProblemToSocket } from './writeProblem.ts';

export type { FetchHandler, RunningServer, ServeOptions };

/**
 * Where a server listens unless told otherwise: this machine only, as Fastify does (Express
 * and Hono listen on every interface). An API in the making, without authentication yet or
 * with `debug` stacks in its answers, stays off the café's network; a container, whose
 * port is reached from outside it, says `HOST=0.0.0.0`.
 */
const DEFAULT_HOSTNAME = '127.0.0.1';

/**
 * Serves a fetch handler over node:http.
 *
 * The request listener of `@hono/node-server` builds the WHATWG `Request` lazily from
 * node's own request, and writes simple responses without building real `Response`
 * objects. Real ones cost 10–30 µs each, which is most of the time a small request takes.
 *
 * Around it, the server refuses requests HTTP forbids or it cannot read safely (see
 * `requestSyntax.ts`), `CONNECT`, an `Expect` other than `100-continue`, and targets that
 * make no URL (see `adapterError.ts`), each with a problem; answers `OPTIONS *` itself;
 * puts `nosniff` and `Cache-Control: no-store` on answers that set neither (see
 * `defaultHeaders.ts`); and closes connections gracefully, so that a client still sending
 * a body the application did not read receives the answer (see `lingeringClose.ts`). Its
 * `close()` lets requests in flight finish, each answered with `Connection: close`, and
 * closes idle connections at once (see `gracefulClose.ts`).
 * Clients get 10 s to send a request's headers and 30 s for the whole request, kept-alive
 * connections close after 5 s idle, and at most 1,000 connections are open at once, 100 of
 * them from one address, each unless `options` say otherwise; a line on stderr says when these act (see
 * `connectionLimits.ts`).
 *
 * @param handler - what answers the requests, such as an application
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/', (_request, response) => text('Hello', response));
 * const server = await serve(app, { port: 0, handleSignals: false });
 * console.log(`listening on ${server.url}`);
 * await server.close();
 * ```
 *
 * @see The framework guide: [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * @category HTTP
 */
export async function serve(
  handler: FetchHandler,
  options: ServeOptions = {},
): Promise<RunningServer> {
  const publicUrl = options.publicUrl ?? (process.env.PUBLIC_URL || undefined);
  const origin = publicUrl === undefined ? undefined : parsePublicUrl(publicUrl);
  const listener = getRequestListener(
    (request, { outgoing }) => {
      setServedAnswer(request, outgoing as ServerResponse);
      return handler.fetch(request);
    },
    { errorHandler: answerAdapterError },
  );
  // A missing Host is refused by checkRequestSyntax, with a problem rather than node's bare 400.
  const server = createServer({ requireHostHeader: false, ...timeoutOptions(options) });
  const graceful = closeGracefully(server, options.closeTimeout ?? 5000);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    sendDefaultHeaders(response);
    graceful.markIfClosing(response);
    const refusal = checkRequestSyntax(request);
    if (refusal) return writeProblem(response, refusal.status, refusal.detail);
    if (request.url === '*') return answerServerOptions(response);
    // HTTP/1.0 may leave Host out; its links then name the address the client connected to.
    request.headers.host ??= hostOf(request.socket.localAddress, request.socket.localPort);
    if (origin !== undefined) usePublicOrigin(request, origin);
    return listener(request, response);
  });
  limitConnections(server, options, new ThrottledLog());
  server.on('connection', closeLingering);
  server.on('clientError', answerClientError);
  // An Expect other than 100-continue: node:http would answer a bare 417 (RFC 9110 §10.1.1).
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) =>
    writeProblem(
      response,
      417,
      `The expectation "${request.headers.expect}" cannot be met; only 100-continue can`,
    ),
  );
  // Without a listener node:http drops a CONNECT without a word; a proxy is not what we are.
  server.on('connect', (_request: IncomingMessage, socket: Socket) =>
    writeProblemToSocket(socket, 501, 'The CONNECT method is not implemented by this server'),
  );
  const port = options.port ?? portFromEnvironment();
  const hostname = options.hostname ?? (process.env.HOST || undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname ?? DEFAULT_HOSTNAME, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const closeServer = graceful.close;
  const stopListening = options.handleSignals === false ? () => {} : exitOnSignals(closeServer);
  // Once closed by hand, a later Ctrl-C must not exit on this server's behalf.
  const close = () => closeServer().finally(stopListening);
  return {
    server,
    port: actualPort,
    url: `http://${urlHost(hostname)}:${actualPort}`,
    close,
  };
}

// The default and the every-interface addresses are reached from here as localhost.
function urlHost(hostname: string | undefined): string {
  if (hostname === undefined || hostname === '0.0.0.0' || hostname === '::') return 'localhost';
  return hostname.includes(':') ? `[${hostname}]` : hostname;
}

function portFromEnvironment(): number {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  }
  return port;
}

/** Closes the server and exits on SIGINT or SIGTERM; returns a function that stops listening. */
function exitOnSignals(close: () => Promise<void>): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`[hyperpipe] ${signal}: closing the server`);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/**
 * `OPTIONS *` asks about the server, not a resource, and is answered as a ping (RFC 9110
 * §9.3.7): the server is up and speaks HTTP. The application has no resource to route it
 * to; Go's net/http answers it the same way.
 */
function answerServerOptions(response: ServerResponse): void {
  response.writeHead(204);
  response.end();
}

function hostOf(address = '127.0.0.1', port = 80): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}
