import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/** Anything with a fetch-style entry point, such as an {@link Application}. */
export interface FetchHandler {
  /** Answers a WHATWG request. */
  fetch(request: Request): Promise<Response>;
}

/** Options of {@link serve} and `app.run()`. */
export interface ServeOptions {
  /** The port; else the `PORT` environment variable, else 8080. 0 picks a free port. */
  port?: number | undefined;
  /** The address to listen on; all interfaces by default. */
  hostname?: string | undefined;
  /** Close the server and exit on SIGINT and SIGTERM (default true). */
  handleSignals?: boolean | undefined;
  /** How long open requests may take to finish when closing, in ms (default 5000). */
  closeTimeout?: number | undefined;
}

/** A server that is listening. */
export interface RunningServer {
  /** The node:http server. */
  readonly server: Server;
  /** The port it listens on (useful with port 0). */
  readonly port: number;
  /** Its base URL, such as `http://localhost:8080`. */
  readonly url: string;
  /** Stops accepting connections, lets open requests finish, and resolves when closed. */
  close(): Promise<void>;
}

/**
 * Serves a fetch handler over node:http.
 *
 * The request listener of `@hono/node-server` builds the WHATWG `Request` lazily from
 * node's own request, and writes simple responses without building real `Response`
 * objects. Real ones cost 10–30 µs each, which is most of the time a small request takes.
 */
export async function serve(
  handler: FetchHandler,
  options: ServeOptions = {},
): Promise<RunningServer> {
  const server = createServer(getRequestListener((request) => handler.fetch(request)));
  const port = options.port ?? portFromEnvironment();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const closeServer = closer(server, options.closeTimeout ?? 5000);
  const stopListening = options.handleSignals === false ? () => {} : exitOnSignals(closeServer);
  // Once closed by hand, a later Ctrl-C must not exit on this server's behalf.
  const close = () => closeServer().finally(stopListening);
  return {
    server,
    port: actualPort,
    url: `http://${options.hostname ?? 'localhost'}:${actualPort}`,
    close,
  };
}

function portFromEnvironment(): number {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  }
  return port;
}

function closer(server: Server, timeout: number): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve, reject) => {
      // Keep-alive connections would hold close() open until the client drops them, seconds
      // later. Close each one as soon as it is idle: now, or once its request in flight ends.
      const sweep = setInterval(() => server.closeIdleConnections(), 20).unref();
      server.close((error) => {
        clearInterval(sweep);
        return error ? reject(error) : resolve();
      });
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), timeout).unref();
    });
    return closing;
  };
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
