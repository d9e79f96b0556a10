import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ServeOptions } from '../application/Runner.ts';
import { clientNetwork } from '../http/clientNetwork.ts';
import type { ThrottledLog } from '../http/throttledLog.ts';

/**
 * How long clients may take and how many may be connected, unless `serve`'s options say
 * otherwise. Node's own defaults (60 s for headers, 5 minutes for a request, no limit on
 * connections) let a few thousand clients that connect and send nothing hold every file
 * descriptor for a minute at least; with no limit, a flood of them left new clients an
 * empty reply.
 */
export const CONNECTION_DEFAULTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxConnections: 1_000,
} as const;

/**
 * The `createServer` options of the timeouts. Node checks them every
 * `connectionsCheckingInterval` (30 s by default): checking at a quarter of the header
 * timeout, at most each second, closes a silent connection close to its time.
 */
export function timeoutOptions(options: ServeOptions): ServerOptions {
  const headersTimeout = options.headersTimeout ?? CONNECTION_DEFAULTS.headersTimeout;
  return {
    headersTimeout,
    requestTimeout: Math.max(
      options.requestTimeout ?? CONNECTION_DEFAULTS.requestTimeout,
      headersTimeout,
    ),
    keepAliveTimeout: options.keepAliveTimeout ?? CONNECTION_DEFAULTS.keepAliveTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
}

/**
 * Limits the server's connections, and each address's share of them, and logs (a line per flood, see {@link ThrottledLog})
 * when a connection is refused over the limit or closed because its request took too long.
 * Closing an idle kept-alive connection is ordinary and goes unlogged.
 */
export function limitConnections(server: Server, options: ServeOptions, log: ThrottledLog): void {
  server.maxConnections = options.maxConnections ?? CONNECTION_DEFAULTS.maxConnections;
  shareConnections(server, options.maxConnectionsPerAddress ?? shareOf(server.maxConnections), log);
  server.on('drop', () =>
    log.note(
      'drop',
      `refused a connection: ${server.maxConnections} are open, the most this server takes (maxConnections)`,
    ),
  );
  // node:http reports a request that took too long as a client error; clientError.ts answers it.
  server.on('clientError', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return;
    log.note(
      'timeout',
      `closed a connection whose request did not arrive in time (headers within ` +
        `${server.headersTimeout} ms, the whole request within ${server.requestTimeout} ms)`,
    );
  });
}

/**
 * The connections one address may hold by default: a tenth of the limit, at least 10. One
 * address holding 1,000 idle connections refused every other client; now it holds 100.
 */
function shareOf(maxConnections: number): number {
  return Math.max(10, Math.floor(maxConnections / 10));
}

/**
 * Refuses a connection from an address (an IPv6 one by its /64) that already holds `share`,
 * so that one client cannot take every place `maxConnections` allows.
 */
function shareConnections(server: Server, share: number, log: ThrottledLog): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const network = clientNetwork(socket.remoteAddress ?? '');
    const held = open.get(network) ?? 0;
    if (held >= share) {
      log.note(
        'share',
        `refused a connection from ${network}: it holds ${share}, the most one address may ` +
          '(maxConnectionsPerAddress; behind a reverse proxy every client has its address: raise it)',
      );
      socket.destroy();
      return;
    }
    open.set(network, held + 1);
    socket.once('close', () => {
      const left = (open.get(network) ?? 1) - 1;
      if (left === 0) open.delete(network);
      else open.set(network, left);
    });
  });
}
